import { describe, expect, it } from 'vitest'
import { ingredientDisplay } from './ingredient-display.js'
import { convertIngredient, convertQuantity } from './unit-conversion.js'
import { standardUnits, type StandardUnitKey } from './unit-names.js'

function converted(quantity: number, key: StandardUnitKey, system: 'metric' | 'us') {
  const result = convertQuantity(quantity, standardUnits[key], system)
  return result && `${result.quantity} ${result.unit.key}`
}

describe('convertQuantity to metric', () => {
  it.each([
    [1, 'tsp', '5 ml'],
    [3, 'tsp', '15 ml'],
    [0.125, 'tsp', '0.6 ml'],
    [1, 'tbsp', '15 ml'],
    [1, 'cup', '235 ml'],
    [0.25, 'cup', '59 ml'],
    [2, 'cup', '475 ml'],
    [8, 'fl-oz', '235 ml'],
    [1, 'pint', '475 ml'],
    [1, 'quart', '945 ml'],
    [1, 'gallon', '3.79 l'],
    [5, 'cup', '1.18 l'],
    [1, 'oz', '28 g'],
    [1, 'lb', '455 g'],
    [2.2, 'lb', '1 kg'],
    [2.25, 'lb', '1.02 kg'],
  ])('writes %s %s as %s', (quantity, key, text) => {
    expect(converted(quantity, key as StandardUnitKey, 'metric')).toBe(text)
  })

  it('regroups large metric amounts and leaves the rest of metric alone', () => {
    expect(converted(1000, 'g', 'metric')).toBe('1 kg')
    expect(converted(1500, 'ml', 'metric')).toBe('1.5 l')
    expect(converted(250, 'g', 'metric')).toBeNull()
    expect(converted(2, 'dl', 'metric')).toBeNull()
    expect(converted(0.5, 'kg', 'metric')).toBeNull()
  })
})

describe('convertQuantity to US', () => {
  it.each([
    [240, 'ml', '1 cup'],
    [250, 'ml', '1 cup'],
    [80, 'ml', '0.333 cup'],
    [15, 'ml', '1 tbsp'],
    [30, 'ml', '2 tbsp'],
    [5, 'ml', '1 tsp'],
    [2.5, 'ml', '0.5 tsp'],
    [1, 'l', '1 quart'],
    [500, 'ml', '2 cup'],
    [4, 'l', '1 gallon'],
    [3, 'l', '3.25 quart'],
    [100, 'g', '3.5 oz'],
    [250, 'g', '8.75 oz'],
    [450, 'g', '1 lb'],
    [1, 'kg', '2.25 lb'],
    [5, 'kg', '11 lb'],
  ])('writes %s %s as %s', (quantity, key, text) => {
    expect(converted(quantity, key as StandardUnitKey, 'us')).toBe(text)
  })

  // One rule over the whole range: from the largest unit the amount reaches down to teaspoons (ounces for mass),
  // the first that writes it within 10% is used. So no amount is left in ml or g between two that convert.
  it.each([
    [25, 'ml', '5 tsp'],
    [37.5, 'ml', '2.5 tbsp'],
    [20, 'ml', '4 tsp'],
    [70, 'ml', '4.5 tbsp'],
    [40, 'g', '1.5 oz'],
  ])('falls back to a smaller unit rather than leave %s %s as it is: %s', (quantity, key, text) => {
    expect(converted(quantity, key as StandardUnitKey, 'us')).toBe(text)
  })

  const millilitres = [2.5, 5, 7.5, 10, 12.5, 15, 20, 25, 30, 37.5, 40, 45, 50, 60, 70, 75, 80, 90, 100, 110, 120, 125]
  const moreMillilitres = [150, 175, 180, 200, 225, 250, 300, 330, 350, 375, 400, 450, 500, 600, 750, 1000, 1500, 2000]
  const grams = [10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1500]
  it.each([
    ...[...millilitres, ...moreMillilitres].map((amount) => [amount, 'ml'] as const),
    ...grams.map((amount) => [amount, 'g'] as const),
  ])('converts %s %s to US units, misstating it by a tenth at most', (quantity, key) => {
    const result = convertQuantity(quantity, standardUnits[key], 'us')
    expect(result).not.toBeNull()
    const written = result!.quantity * result!.unit.size
    expect(Math.abs(written - quantity) / quantity).toBeLessThanOrEqual(0.1)
  })

  it('leaves US units alone: 3 tsp stays 3 tsp', () => {
    expect(converted(3, 'tsp', 'us')).toBeNull()
    expect(converted(16, 'oz', 'us')).toBeNull()
  })

  it('refuses amounts too small to write, and non-positive ones', () => {
    expect(converted(0.2, 'ml', 'us')).toBeNull()
    expect(converted(1, 'ml', 'us')).toBeNull()
    expect(converted(5, 'g', 'us')).toBeNull()
    expect(converted(14, 'g', 'us')).toBe('0.5 oz')
    expect(converted(0, 'ml', 'us')).toBeNull()
    expect(converted(-5, 'cup', 'metric')).toBeNull()
  })
})

describe('convertIngredient', () => {
  const cup = { name: 'cup', pluralName: 'cups', abbreviation: 'c', useAbbreviation: false, fraction: true }
  const milk = { name: 'milk' }

  it('returns the new quantity and a unit ready for display', () => {
    const result = convertIngredient({ quantity: 2, unit: cup, food: milk }, 'metric')
    expect(result).toEqual({
      quantity: 475,
      unit: {
        key: 'ml',
        name: 'milliliter',
        pluralName: 'milliliters',
        abbreviation: 'ml',
        pluralAbbreviation: 'ml',
        useAbbreviation: false,
        fraction: false,
      },
      unitName: 'milliliter',
      changed: true,
    })
    expect(ingredientDisplay({ quantity: result.quantity, unit: result.unit, food: milk })).toBe('475 milliliters milk')
  })

  it('keeps the unit’s wish for abbreviations', () => {
    const grams = { name: 'gram', abbreviation: 'g', useAbbreviation: true }
    const result = convertIngredient({ quantity: 100, unit: grams, food: milk }, 'us')
    expect(ingredientDisplay({ quantity: result.quantity, unit: result.unit, food: milk })).toBe('3 ¹/₂ oz milk')
  })

  it('leaves unknown units, missing quantities and note-only ingredients untouched', () => {
    expect(convertIngredient({ quantity: 2, unit: { name: 'pinch' }, food: milk }, 'metric')).toEqual({
      quantity: 2,
      unit: null,
      unitName: 'pinch',
      changed: false,
    })
    expect(convertIngredient({ quantity: null, unit: cup, food: milk }, 'metric').changed).toBe(false)
    expect(convertIngredient({ quantity: 2, unit: null, food: milk }, 'metric')).toEqual({
      quantity: 2,
      unit: null,
      unitName: '',
      changed: false,
    })
    // A structured line converts whatever the amount setting (Mealie 3: everything is a food).
    expect(convertIngredient({ quantity: 2, unit: cup, food: milk }, 'metric', { disableAmount: true }).changed).toBe(
      true,
    )
  })
})
