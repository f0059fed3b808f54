import { describe, expect, it } from 'vitest'
import { ingredientDisplay } from './ingredient-display.js'
import {
  parseServings,
  roundKitchenQuantity,
  scaleFactor,
  scaleIngredients,
  scaleIngredientsToServings,
  scaleQuantity,
} from './scaling.js'

const cup = { name: 'cup', pluralName: 'cups', fraction: true }
const gram = { name: 'g', fraction: false }
const flour = { name: 'flour' }

describe('scaleFactor', () => {
  it('is the ratio of the servings', () => {
    expect(scaleFactor(4, 6)).toBe(1.5)
    expect(scaleFactor(6, 2)).toBeCloseTo(1 / 3)
  })

  it.each([
    [0, 4],
    [4, 0],
    [-2, 4],
    [4, -1],
    [Number.NaN, 4],
    [4, Number.POSITIVE_INFINITY],
    [null, 4],
    [4, undefined],
  ])('is 1 (no scaling) for servings %s → %s', (from, to) => {
    expect(scaleFactor(from, to)).toBe(1)
  })
})

describe('scaleQuantity', () => {
  it('never leaves floating-point dust', () => {
    expect(scaleQuantity(0.2, 3, gram)).toBe(0.6)
    expect(scaleQuantity(0.1, 3, cup)).toBe(0.3)
    expect(scaleQuantity(1.1, 3, gram)).toBe(3.3)
  })

  it('snaps to kitchen fractions when the unit takes fractions', () => {
    expect(scaleQuantity(1, 2 / 3, cup)).toBe(0.667)
    expect(ingredientDisplay({ quantity: scaleQuantity(1, 2 / 3, cup), unit: cup, food: flour })).toBe('²/₃ cup flour')
    expect(scaleQuantity(1.5, 4 / 6, cup)).toBe(1)
    expect(scaleQuantity(0.75, 1.5, cup)).toBe(1.125)
    expect(scaleQuantity(2.01, 1.5, null)).toBe(3)
  })

  it('does not snap values that are not near a kitchen fraction', () => {
    expect(scaleQuantity(1, 5 / 6, cup)).toBe(0.833)
    expect(scaleQuantity(0.1, 1, cup)).toBe(0.1)
    expect(scaleQuantity(0.1, 1.01, cup)).toBe(0.101)
  })

  it('keeps three significant digits for decimal units and large amounts', () => {
    expect(scaleQuantity(1, 1 / 3, gram)).toBe(0.333)
    expect(scaleQuantity(10, 1 / 3, gram)).toBe(3.33)
    expect(scaleQuantity(100, 1 / 3, gram)).toBe(33.3)
    expect(scaleQuantity(1000, 1 / 3, gram)).toBe(333)
    expect(scaleQuantity(1000, 1 / 3, cup)).toBe(333)
    expect(scaleQuantity(1.125, 1.5, gram)).toBe(1.69)
  })

  it('never rounds a positive amount down to nothing', () => {
    expect(scaleQuantity(0.001, 0.1, gram)).toBe(0.001)
  })

  it('leaves the quantity alone for a factor of 1 or an invalid factor', () => {
    expect(scaleQuantity(0.123456, 1, gram)).toBe(0.123456)
    expect(scaleQuantity(2, 0, gram)).toBe(2)
    expect(scaleQuantity(2, -1, gram)).toBe(2)
  })
})

describe('roundKitchenQuantity', () => {
  it('keeps the sign of a negative value', () => {
    expect(roundKitchenQuantity(-0.6666, true)).toBe(-0.667)
  })
})

describe('scaleIngredients', () => {
  const ingredients = [
    { quantity: 2, unit: cup, food: flour, note: '', referenceId: 'a' },
    { quantity: null, unit: null, food: { name: 'salt' }, note: 'to taste', referenceId: 'b' },
    { quantity: 0, unit: null, food: { name: 'pepper' }, note: '', referenceId: 'c' },
    { quantity: 250, unit: gram, food: { name: 'butter' }, note: '', referenceId: 'd' },
  ]

  it('multiplies quantities and keeps every other field', () => {
    const scaled = scaleIngredients(ingredients, 1.5)
    expect(scaled.map((ingredient) => ingredient.quantity)).toEqual([3, null, 0, 375])
    expect(scaled[0]).toEqual({ ...ingredients[0], quantity: 3 })
  })

  it('returns the very same objects for ingredients without a quantity', () => {
    const scaled = scaleIngredients(ingredients, 2)
    expect(scaled[1]).toBe(ingredients[1])
    expect(scaled[2]).toBe(ingredients[2])
    expect(ingredients[0]?.quantity).toBe(2)
  })

  it('returns the list itself for a factor of 1 or an invalid factor', () => {
    expect(scaleIngredients(ingredients, 1)).toBe(ingredients)
    expect(scaleIngredients(ingredients, 0)).toBe(ingredients)
    expect(scaleIngredients(ingredients, Number.NaN)).toBe(ingredients)
  })

  it('leaves note-only lines alone when amounts are disabled, since their amount lives in the note', () => {
    const noteOnly = [{ quantity: 1, unit: null, food: null, note: '2 cups flour' }]
    expect(scaleIngredients(noteOnly, 2)[0]).toBe(noteOnly[0])
    expect(scaleIngredients(noteOnly, 2, { disableAmount: true })[0]).toBe(noteOnly[0])
    expect(scaleIngredients(noteOnly, 2, { disableAmount: false })[0]?.quantity).toBe(2)
  })

  it('scales structured lines whatever the amount setting (Mealie 3: everything is a food)', () => {
    expect(scaleIngredients(ingredients, 2, { disableAmount: true })[0]?.quantity).toBe(4)
    expect(scaleIngredients(ingredients, 2, { disableAmount: false })[0]?.quantity).toBe(4)
  })

  it('scales from one number of servings to another', () => {
    const scaled = scaleIngredientsToServings(ingredients, 4, 2)
    expect(scaled.map((ingredient) => ingredient.quantity)).toEqual([1, null, 0, 125])
    expect(scaleIngredientsToServings(ingredients, 0, 2)).toBe(ingredients)
  })
})

describe('parseServings', () => {
  it.each([
    ['4 servings', 4],
    ['Serves 4-6', 4],
    ['Makes 1½ loaves', 1.5],
    ['12', 12],
    ['2 1/2 dozen', 2.5],
    ['Portionen: 3,5', 3.5],
  ])('reads %j as %s', (text, servings) => {
    expect(parseServings(text)).toBe(servings)
  })

  it.each([null, '', 'a few', '0 servings'])('finds no servings in %j', (text) => {
    expect(parseServings(text)).toBeNull()
  })
})
