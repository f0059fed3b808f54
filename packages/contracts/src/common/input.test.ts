import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CredentialsRequest } from '../auth/session.js'
import { maximumInputDepth, storableText, unsafeInputIssues, withDeclaredKeys } from './input.js'

describe('withDeclaredKeys', () => {
  const Recipe = z
    .object({
      recipeYield: z.string().optional(),
      recipeIngredient: z.array(z.object({ originalText: z.string(), food: z.object({ onHand: z.boolean() }) })),
      settings: z.object({ showNutrition: z.boolean() }).nullish(),
    })
    .transform((recipe) => recipe)

  it('renames snake_case keys to the declared camelCase, nested in objects and arrays', () => {
    const body = {
      recipe_yield: '2',
      recipe_ingredient: [{ original_text: 'salt', food: { on_hand: true } }],
      settings: { show_nutrition: true },
    }
    expect(Recipe.parse(withDeclaredKeys(Recipe, body))).toEqual({
      recipeYield: '2',
      recipeIngredient: [{ originalText: 'salt', food: { onHand: true } }],
      settings: { showNutrition: true },
    })
  })

  it('maps camelCase onto a field the wire declares in snake_case', () => {
    expect(CredentialsRequest.parse(withDeclaredKeys(CredentialsRequest, { rememberMe: 'on' })).remember_me).toBe(true)
  })

  it('lets the declared spelling win when both arrive, as pydantic lets the alias win', () => {
    expect(withDeclaredKeys(Recipe, { recipeYield: 'camel', recipe_yield: 'snake' })).toEqual({ recipeYield: 'camel' })
  })

  it('leaves unknown keys and non-objects alone and does not change its input', () => {
    const body = { unknown_key: 1, recipe_yield: '3' }
    expect(withDeclaredKeys(Recipe, body)).toEqual({ unknown_key: 1, recipeYield: '3' })
    expect(body).toEqual({ unknown_key: 1, recipe_yield: '3' })
    expect(withDeclaredKeys(Recipe, [1, 2])).toEqual([1, 2])
  })
})

describe('unsafeInputIssues', () => {
  it('finds NUL and unpaired surrogates anywhere, keys included, with their location', () => {
    expect(unsafeInputIssues({ name: 'a\u0000b', list: ['ok', '\ud800'], ['k\u0000']: 1 }, ['body'])).toEqual([
      expect.objectContaining({ loc: ['body', 'name'] }),
      expect.objectContaining({ loc: ['body', 'list', 1] }),
      expect.objectContaining({ loc: ['body', 'k\u0000'] }),
    ])
  })

  it('accepts ordinary text, emoji (paired surrogates) included', () => {
    expect(unsafeInputIssues({ name: 'Crème brûlée 🍮', count: 3, nothing: null })).toEqual([])
  })
})

describe('unsafeInputIssues on nesting', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf'
    for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value }
    return value
  }

  it('accepts nesting up to the limit and refuses one level more, naming where', () => {
    expect(unsafeInputIssues(nested(maximumInputDepth))).toEqual([])
    const [issue, ...rest] = unsafeInputIssues(nested(maximumInputDepth + 1), ['body'])
    expect(rest).toEqual([])
    expect(issue).toMatchObject({ type: 'too_deep' })
    expect(issue!.loc).toHaveLength(1 + maximumInputDepth)
  })

  it('walks 100,000 levels without overflowing the stack, at once', () => {
    const started = Date.now()
    expect(unsafeInputIssues(nested(100_000))[0]?.type).toBe('too_deep')
    expect(Date.now() - started).toBeLessThan(100)
  })
})

describe('storableText', () => {
  it('replaces what unsafeInputIssues refuses with U+FFFD and keeps the rest', () => {
    expect(storableText('a\u0000b \ud800 🍮')).toBe('a\uFFFDb \uFFFD 🍮')
    expect(unsafeInputIssues(storableText('x\u0000\udc00'))).toEqual([])
  })
})
