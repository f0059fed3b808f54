import { describe, expect, it } from 'vitest'
import { filterString, newRow, rowsFromParts, type FilterRow } from './query-filter'

const a = '00000000-0000-4000-8000-00000000000a'
const b = '00000000-0000-4000-8000-00000000000b'

describe('the cookbook filter builder rows', () => {
  it('writes each attribute with its operator and value in the grammar, joined by AND/OR', () => {
    const rows: FilterRow[] = [
      { join: 'AND', attribute: 'categories', operator: 'IN', values: [a, b] },
      { join: 'OR', attribute: 'tags', operator: 'CONTAINS ALL', values: [a] },
      { join: 'AND', attribute: 'rating', operator: '>=', values: ['4'] },
      { join: 'AND', attribute: 'lastMade', operator: '<', values: ['$NOW-30d'] },
      { join: 'OR', attribute: 'created', operator: '>=', values: ['2024-05-01'] },
      { join: 'AND', attribute: 'foods', operator: 'NOT IN', values: [b] },
      { join: 'AND', attribute: 'households', operator: 'IN', values: [a] },
      { join: 'AND', attribute: 'name', operator: 'LIKE', values: ['%"soup"%'] },
    ]
    expect(filterString(rows)).toBe(
      `recipe_category.id IN ["${a}", "${b}"] OR tags.id CONTAINS ALL ["${a}"] AND rating >= 4 ` +
        `AND last_made < "$NOW-30d" OR created_at >= "2024-05-01" AND recipe_ingredient.food.id NOT IN ["${b}"] ` +
        `AND household_id IN ["${a}"] AND name LIKE "%soup%"`,
    )
  })

  it('leaves out rows without a value, and the join of the first row written', () => {
    expect(filterString([newRow('tags'), { ...newRow('rating'), join: 'OR', values: ['x'] }])).toBe('')
    expect(filterString([newRow('tags'), { ...newRow('rating'), join: 'OR', values: ['3'] }])).toBe('rating = 3')
    expect(filterString([])).toBe('')
  })

  it('reads back the parts the server parsed, and gives up on what the builder cannot show', () => {
    const part = { leftParenthesis: null, rightParenthesis: null, logicalOperator: null }
    expect(
      rowsFromParts([
        { ...part, attributeName: 'tags.id', relationalOperator: 'IN', value: [a] },
        { ...part, logicalOperator: 'OR', attributeName: 'rating', relationalOperator: '>', value: '3' },
      ]),
    ).toEqual([
      { join: 'AND', attribute: 'tags', operator: 'IN', values: [a] },
      { join: 'OR', attribute: 'rating', operator: '>', values: ['3'] },
    ])
    expect(rowsFromParts([{ ...part, attributeName: 'tags.name', relationalOperator: 'IN', value: ['x'] }])).toBeNull()
    expect(
      rowsFromParts([{ ...part, leftParenthesis: '(', attributeName: 'rating', relationalOperator: '>', value: '3' }]),
    ).toBeNull()
    expect(rowsFromParts([{ ...part, attributeName: 'rating', relationalOperator: 'LIKE', value: '3' }])).toBeNull()
  })
})
