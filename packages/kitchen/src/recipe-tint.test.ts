import { describe, expect, it } from 'vitest'
import { recipeTint } from './recipe-tint.js'

describe('recipe tint', () => {
  it('gives one name one tint, and different names different tints', () => {
    expect(recipeTint('Pancakes')).toEqual(recipeTint('Pancakes'))
    expect(recipeTint('Pancakes').background).not.toBe(recipeTint('Waffles').background)
    expect(recipeTint('Pancakes').background).toMatch(
      /^linear-gradient\(135deg, hsl\(\d+ 45% 88%\), hsl\(\d+ 50% 78%\)\)$/,
    )
  })
})
