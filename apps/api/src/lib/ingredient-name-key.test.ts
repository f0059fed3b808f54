import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'
import { ingredientNameKey } from './ingredient-name-key.js'

/** Names that must share a key: one food or unit, written differently. */
const sameNames: Array<[string, string]> = [
  ['cup', 'cups'],
  ['cup', 'Cup'],
  ['Tbsp', 'tbsp'],
  ['Clove', 'Cloves'],
  ['sugar', 'Sugar'],
  ['radish', 'radishes'],
  ['crème', 'creme'],
  ['Crème fraîche', 'creme fraiche'],
  ['tomato', 'tomatoes'],
  ['peach', 'peaches'],
  ['berry', 'berries'],
  ['cookie', 'cookies'],
  ['glass', 'glasses'],
  ['box', 'boxes'],
  ['poireau', 'poireaux'],
  ['gousse', 'gousses'],
  ['tasse', 'tasses'],
  ['c. à soupe', 'c à soupe'],
  ['green onion', 'Green Onions'],
  ['Straße', 'strasse'],
  ['œuf', 'oeufs'],
]

/** Names that must not: different things. */
const differentNames: Array<[string, string]> = [
  ['asparagu', 'asparagus'],
  ['hummus', 'hummu'],
  ['g', 'gs'],
  ['lb', 'lbs'],
  ['卵', '牛乳'],
  ['', ' '],
]

describe('ingredient name key', () => {
  it.each(sameNames)('gives %s and %s one key', (a, b) => {
    expect(ingredientNameKey(a)).toBe(ingredientNameKey(b))
  })

  it.each(differentNames)('keeps %s and %s apart', (a, b) => {
    if (a.trim() === '' && b.trim() === '') return
    expect(ingredientNameKey(a)).not.toBe(ingredientNameKey(b))
  })

  it('is the key PostgreSQL computes for the unique indexes, name for name', async () => {
    const { sql } = await createTestDatabase()
    const names = [
      ...sameNames.flat(),
      ...differentNames.flat(),
      'small-to-medium cloves',
      'fl. oz',
      'Æbleskiver',
      'Łódź',
    ]
    const rows = await sql<{ name: string; key: string }[]>`
      select name, ingredient_name_key(name) as key from unnest(${names}::text[]) as name`
    expect(Object.fromEntries(rows.map((row) => [row.name, row.key]))).toEqual(
      Object.fromEntries(names.map((name) => [name, ingredientNameKey(name)])),
    )
  })
})
