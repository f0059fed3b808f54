import { describe, expect, it } from 'vitest'
import {
  amountsEnabled,
  formatIngredientQuantity,
  ingredientDisplay,
  ingredientDisplayParts,
  roundHalfEven3,
  type DisplayUnit,
} from './ingredient-display.js'
import { nearestFraction } from './nearest-fraction.js'

const cup: DisplayUnit = {
  name: 'cup',
  pluralName: 'cups',
  abbreviation: 'c',
  pluralAbbreviation: '',
  useAbbreviation: false,
  fraction: true,
}
const gram: DisplayUnit = {
  name: 'gram',
  pluralName: 'grams',
  abbreviation: 'g',
  pluralAbbreviation: 'g',
  useAbbreviation: true,
  fraction: false,
}
const onion = { name: 'onion', pluralName: 'onions' }
const flour = { name: 'flour', pluralName: null }

describe('ingredientDisplay in food mode', () => {
  it('writes Mealie’s own example: quantity, plural unit, plural food, note', () => {
    const line = ingredientDisplay({ quantity: 1.5, unit: cup, food: onion, note: 'finely chopped', isFood: true })
    expect(line).toBe('1 ¹/₂ cups onions finely chopped')
  })

  it('shows a quantity of exactly 1 with singular unit and food', () => {
    expect(ingredientDisplay({ quantity: 1, unit: cup, food: onion, isFood: true })).toBe('1 cup onion')
  })

  it('uses the plural food when the quantity is missing or 0, and then shows no unit', () => {
    expect(ingredientDisplay({ quantity: null, unit: cup, food: onion, isFood: true })).toBe('onions')
    expect(ingredientDisplay({ quantity: 0, unit: cup, food: onion, note: 'to taste', isFood: true })).toBe(
      'onions to taste',
    )
  })

  it('keeps the singular for quantities up to 1', () => {
    expect(ingredientDisplay({ quantity: 0.5, unit: cup, food: onion, isFood: true })).toBe('¹/₂ cup onion')
  })

  it('falls back to the singular name when no plural is known', () => {
    expect(ingredientDisplay({ quantity: 2, unit: { name: 'pinch' }, food: flour, isFood: true })).toBe('2 pinch flour')
  })

  it('uses the abbreviation when the unit asks for it, the plural abbreviation above 1', () => {
    const tablespoon = { ...cup, name: 'tablespoon', abbreviation: 'tbsp', pluralAbbreviation: 'tbsps' }
    expect(ingredientDisplay({ quantity: 1, unit: { ...tablespoon, useAbbreviation: true }, food: flour })).toBe(
      '1 tbsp flour',
    )
    expect(ingredientDisplay({ quantity: 3, unit: { ...tablespoon, useAbbreviation: true }, food: flour })).toBe(
      '3 tbsps flour',
    )
  })

  it('falls back from an empty plural abbreviation to the abbreviation, and from no abbreviation to the name', () => {
    expect(ingredientDisplay({ quantity: 2, unit: { ...cup, useAbbreviation: true }, food: flour })).toBe('2 c flour')
    const noAbbreviation = { ...cup, abbreviation: '', useAbbreviation: true }
    expect(ingredientDisplay({ quantity: 2, unit: noAbbreviation, food: flour })).toBe('2 cups flour')
  })

  it('writes decimals for units that do not use fractions, integers without ".0"', () => {
    expect(ingredientDisplay({ quantity: 250, unit: gram, food: flour })).toBe('250 g flour')
    expect(ingredientDisplay({ quantity: 12.3456, unit: gram, food: flour })).toBe('12.346 g flour')
    expect(ingredientDisplay({ quantity: 0.5, unit: gram, food: flour })).toBe('0.5 g flour')
  })

  it('leaves out missing pieces without doubling spaces', () => {
    expect(ingredientDisplay({ quantity: 2, unit: null, food: onion, note: '' })).toBe('2 onions')
    expect(ingredientDisplay({ quantity: 2, unit: { name: '' }, food: onion, isFood: true })).toBe('2 onions')
    expect(ingredientDisplay({ quantity: 2, unit: cup, food: null, note: ' sifted ', isFood: true })).toBe(
      '2 cups sifted',
    )
  })
})

describe('ingredientDisplay when amounts are disabled', () => {
  it('shows a note-only line as its note, with a quantity only when it is not 1', () => {
    const ingredient = { quantity: 1, unit: null, food: null, note: '1 onion, diced' }
    expect(ingredientDisplay(ingredient, { disableAmount: true })).toBe('1 onion, diced')
    expect(ingredientDisplay({ ...ingredient, quantity: 2 }, { disableAmount: true })).toBe('2 1 onion, diced')
    expect(ingredientDisplay({ ...ingredient, quantity: 0 }, { disableAmount: true })).toBe('1 onion, diced')
  })

  it('always shows the unit and food of a structured line, whatever the setting (Mealie 3: everything is a food)', () => {
    const ingredient = { quantity: 2, unit: cup, food: onion, note: 'diced', isFood: false, disableAmount: true }
    expect(ingredientDisplay(ingredient, { disableAmount: false })).toBe('2 cups onions diced')
    expect(ingredientDisplay(ingredient, { disableAmount: true })).toBe('2 cups onions diced')
  })

  it('lets the recipe setting override a note-only line’s flags, both ways', () => {
    const ingredient = { quantity: 2, note: 'diced', isFood: false, disableAmount: true }
    expect(amountsEnabled(ingredient, { disableAmount: false })).toBe(true)
    expect(amountsEnabled({ ...ingredient, isFood: true }, { disableAmount: true })).toBe(false)
  })
})

describe('amountsEnabled (Mealie’s isFood / disableAmount derivation)', () => {
  it('derives one flag from the other when only one is given', () => {
    expect(amountsEnabled({ isFood: true })).toBe(true)
    expect(amountsEnabled({ isFood: false, note: 'a pinch' })).toBe(false)
    expect(amountsEnabled({ disableAmount: true, note: 'a pinch' })).toBe(false)
    expect(amountsEnabled({ disableAmount: true, food: onion })).toBe(true)
    expect(amountsEnabled({ disableAmount: false })).toBe(true)
  })

  it('treats an ingredient as food exactly when it has a food when neither flag is given', () => {
    expect(amountsEnabled({ food: onion })).toBe(true)
    expect(amountsEnabled({ note: 'salt' })).toBe(false)
  })

  it('is off when either flag says so', () => {
    expect(amountsEnabled({ isFood: true, disableAmount: true })).toBe(false)
    expect(amountsEnabled({ isFood: false, disableAmount: false })).toBe(false)
  })
})

describe('ingredientDisplayParts', () => {
  it('returns each piece for styling, empty strings for absent ones', () => {
    expect(ingredientDisplayParts({ quantity: 2.75, unit: cup, food: onion, note: 'diced' })).toEqual({
      amountsEnabled: true,
      quantityText: '2 ³/₄',
      unitText: 'cups',
      foodText: 'onions',
      note: 'diced',
    })
    expect(ingredientDisplayParts({ quantity: 1, note: 'salt' }, { disableAmount: true })).toEqual({
      amountsEnabled: false,
      quantityText: '',
      unitText: '',
      foodText: '',
      note: 'salt',
    })
  })
})

describe('formatIngredientQuantity', () => {
  it.each([
    [0.5, '¹/₂'],
    [0.333, '¹/₃'],
    [0.667, '²/₃'],
    [0.125, '¹/₈'],
    [0.2, '¹/₅'],
    [2.75, '2 ³/₄'],
    [1.03125, '1 ¹/₃₂'],
    [10.1, '10 ¹/₁₀'],
    [3, '3'],
    [2.999, '3'],
    [0.0001, '0'],
  ])('writes %s as the fraction %s', (quantity, text) => {
    expect(formatIngredientQuantity(quantity)).toBe(text)
  })

  it.each([
    [2, '2'],
    [2.5, '2.5'],
    [0.1, '0.1'],
    [1.0004, '1'],
    [0.0625, '0.062'],
    [0.1875, '0.188'],
    [1 / 3, '0.333'],
  ])('writes %s as the decimal %s for a unit without fractions', (quantity, text) => {
    expect(formatIngredientQuantity(quantity, { fraction: false })).toBe(text)
  })

  it('writes a negative quantity with a minus sign rather than failing', () => {
    expect(formatIngredientQuantity(-0.5)).toBe('-¹/₂')
  })
})

describe('nearestFraction (Python’s limit_denominator)', () => {
  it.each([
    [0.5, 1, 2],
    [0.3333, 1, 3],
    [0.1, 1, 10],
    [3.14159, 22, 7],
    [0.99, 1, 1],
    [0.97, 31, 32],
  ])('approximates %s by %i/%i', (value, numerator, denominator) => {
    expect(nearestFraction(value, 32)).toEqual({ numerator, denominator })
  })

  it('breaks an exact tie as Python does, towards the convergent', () => {
    // 1/64 lies exactly between 0/1 and 1/32; Fraction(1/64).limit_denominator(32) == Fraction(0, 1)
    expect(nearestFraction(1 / 64, 32)).toEqual({ numerator: 0, denominator: 1 })
    expect(nearestFraction(63 / 64, 32)).toEqual({ numerator: 1, denominator: 1 })
    expect(nearestFraction(2 + 1 / 64, 32)).toEqual({ numerator: 2, denominator: 1 })
    expect(nearestFraction(0.0625, 32)).toEqual({ numerator: 1, denominator: 16 })
  })
})

describe('roundHalfEven3 (Python’s round(x, 3))', () => {
  it('rounds exact halves to even and everything else to nearest', () => {
    expect(roundHalfEven3(0.0625)).toBe(0.062)
    expect(roundHalfEven3(0.1875)).toBe(0.188)
    expect(roundHalfEven3(2.0005)).toBe(2.001) // 2.0005 is stored a hair above the half
    expect(roundHalfEven3(1.23456)).toBe(1.235)
  })
})
