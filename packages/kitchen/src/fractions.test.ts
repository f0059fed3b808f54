import { describe, expect, it } from 'vitest'
import { formatQuantity, toMixedFraction } from './fractions.js'

describe('formatQuantity', () => {
  it.each([
    [2, '2'],
    [0.5, '½'],
    [1.5, '1½'],
    [0.333, '⅓'],
    [2.666, '2⅔'],
    [0.125, '⅛'],
    [0.2, '0.2'],
    [1.2345, '1.235'],
    [0.999, '1'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatQuantity(value)).toBe(shown)
  })

  it('writes plain fractions when unicode is off', () => {
    expect(formatQuantity(1.75, { unicode: false })).toBe('1 3/4')
    expect(formatQuantity(0.25, { unicode: false })).toBe('1/4')
  })
})

describe('toMixedFraction', () => {
  it('refuses values no kitchen fraction fits', () => {
    expect(toMixedFraction(0.1)).toBeNull()
    expect(toMixedFraction(-1)).toBeNull()
    expect(toMixedFraction(Number.NaN)).toBeNull()
  })
})
