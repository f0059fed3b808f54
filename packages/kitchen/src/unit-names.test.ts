import { describe, expect, it } from 'vitest'
import { recogniseUnit, recogniseUnitName } from './unit-names.js'

describe('recogniseUnitName', () => {
  it.each([
    ['teaspoon', 'tsp'],
    ['Teaspoons', 'tsp'],
    ['tsp.', 'tsp'],
    ['t', 'tsp'],
    ['TL', 'tsp'],
    ['tablespoon', 'tbsp'],
    ['Tbsp', 'tbsp'],
    ['T', 'tbsp'],
    ['T.', 'tbsp'],
    ['tbs', 'tbsp'],
    ['EL', 'tbsp'],
    ['c. à s.', 'tbsp'],
    ['fl oz', 'fl-oz'],
    ['fl. oz.', 'fl-oz'],
    ['fluid  ounces', 'fl-oz'],
    ['c', 'cup'],
    ['C', 'cup'],
    ['Cups', 'cup'],
    ['pint', 'pint'],
    ['qt', 'quart'],
    ['gallons', 'gallon'],
    ['ml', 'ml'],
    ['mL', 'ml'],
    ['millilitre', 'ml'],
    ['milliliters', 'ml'],
    ['L', 'l'],
    ['litre', 'l'],
    ['dl', 'dl'],
    ['g', 'g'],
    ['gram', 'g'],
    ['grams', 'g'],
    ['Gramm', 'g'],
    ['kg', 'kg'],
    ['kilos', 'kg'],
    ['oz', 'oz'],
    ['ounces', 'oz'],
    ['lb', 'lb'],
    ['lbs', 'lb'],
    ['Pounds', 'lb'],
  ])('recognises %j as %s', (name, key) => {
    expect(recogniseUnitName(name)?.key).toBe(key)
  })

  it.each(['pinch', 'clove', 'can', 'handful', '', null, undefined, 'tt'])('does not recognise %j', (name) => {
    expect(recogniseUnitName(name)).toBeNull()
  })
})

describe('recogniseUnit', () => {
  it('tries the name, then the plural, then the abbreviations', () => {
    expect(recogniseUnit({ name: 'Löffelchen', abbreviation: 'tsp' })?.key).toBe('tsp')
    expect(recogniseUnit({ name: 'x', pluralName: 'cups' })?.key).toBe('cup')
    expect(recogniseUnit({ name: 'x', pluralAbbreviation: 'lbs' })?.key).toBe('lb')
    expect(recogniseUnit('grams')?.key).toBe('g')
    expect(recogniseUnit(null)).toBeNull()
  })
})
