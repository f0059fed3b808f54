import { describe, expect, it } from 'vitest'
import { parseKitchenNumber } from './kitchen-numbers.js'

describe('parseKitchenNumber', () => {
  it.each([
    ['2', 2],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['½', 0.5],
    ['1½', 1.5],
    ['1 ½', 1.5],
    ['2¾', 2.75],
    ['1 1/2', 1.5],
    ['3/4', 0.75],
    ['1⁄3', 1 / 3],
    [' 12 ', 12],
  ])('reads %j as %s', (text, value) => {
    expect(parseKitchenNumber(text)).toBeCloseTo(value, 10)
  })

  it.each(['', 'one', '1/0', '1.2.3', '½½', '-1'])('reads no number in %j', (text) => {
    expect(parseKitchenNumber(text)).toBeNull()
  })
})
