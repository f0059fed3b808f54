import { describe, expect, it } from 'vitest'
import { parseQueryFilter } from './query-filter-parser.js'
import { queryFilterParts } from './query-filter-parts.js'

const partsOf = (filter: string) => queryFilterParts(parseQueryFilter(filter))
const part = (fields: Record<string, unknown>) => ({
  leftParenthesis: null,
  rightParenthesis: null,
  logicalOperator: null,
  ...fields,
})

describe('queryFilterParts', () => {
  it("renders Mealie's example: snake_case names, lists as arrays, the group in parentheses", () => {
    expect(partsOf('tags.id IN ["a","b"] AND (rating >= 4 OR lastMade IS NULL)')).toEqual([
      part({ attributeName: 'tags.id', relationalOperator: 'IN', value: ['a', 'b'] }),
      part({
        logicalOperator: 'AND',
        leftParenthesis: '(',
        attributeName: 'rating',
        relationalOperator: '>=',
        value: '4',
      }),
      part({
        logicalOperator: 'OR',
        rightParenthesis: ')',
        attributeName: 'last_made',
        relationalOperator: 'IS',
        value: null,
      }),
    ])
  })

  it('writes every operator form and needs no parentheses for a run of one operator', () => {
    expect(
      partsOf(
        'name LIKE "%soup%" AND name NOT LIKE x AND recipeCategory.slug NOT IN [a] AND tools.id CONTAINS ALL [b] AND description IS NOT NONE',
      ),
    ).toEqual([
      part({ attributeName: 'name', relationalOperator: 'LIKE', value: '%soup%' }),
      part({ logicalOperator: 'AND', attributeName: 'name', relationalOperator: 'NOT LIKE', value: 'x' }),
      part({
        logicalOperator: 'AND',
        attributeName: 'recipe_category.slug',
        relationalOperator: 'NOT IN',
        value: ['a'],
      }),
      part({ logicalOperator: 'AND', attributeName: 'tools.id', relationalOperator: 'CONTAINS ALL', value: ['b'] }),
      part({ logicalOperator: 'AND', attributeName: 'description', relationalOperator: 'IS NOT', value: null }),
    ])
  })

  it('keeps a left-hand group and nested groups in parentheses, so the parts read back as the same tree', () => {
    const parts = partsOf('((a = 1 OR b = 2) AND c = 3) OR d = 4')
    expect(
      parts.map((item) => [item.leftParenthesis, item.logicalOperator, item.attributeName, item.rightParenthesis]),
    ).toEqual([
      ['((', null, 'a', null],
      [null, 'OR', 'b', ')'],
      [null, 'AND', 'c', ')'],
      [null, 'OR', 'd', null],
    ])
    const text = parts
      .map((item) =>
        [
          item.logicalOperator,
          `${item.leftParenthesis ?? ''}${item.attributeName} ${item.relationalOperator} ${String(item.value)}${item.rightParenthesis ?? ''}`,
        ]
          .filter(Boolean)
          .join(' '),
      )
      .join(' ')
    expect(parseQueryFilter(text)).toEqual(parseQueryFilter('((a = 1 OR b = 2) AND c = 3) OR d = 4'))
  })
})
