import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.js'
import { parseQueryFilter, type FilterNode } from './query-filter-parser.js'

/** The 400 message a filter is refused with, or undefined when it parses. */
function refusal(filter: string): string | undefined {
  try {
    parseQueryFilter(filter)
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).statusCode).toBe(400)
    return (error as HttpError).message
  }
}

const compare = (attribute: string, operator: string, value: string) => ({
  kind: 'compare',
  attribute,
  operator,
  value,
})

describe('queryFilter conditions', () => {
  it.each([
    ['rating>=4', compare('rating', '>=', '4')],
    ['rating >= 4', compare('rating', '>=', '4')],
    ['rating<=4', compare('rating', '<=', '4')],
    ['rating<>4', compare('rating', '<>', '4')],
    ['rating<4', compare('rating', '<', '4')],
    ['rating>4', compare('rating', '>', '4')],
    ['name = "Pad Thai"', compare('name', '=', 'Pad Thai')],
    [
      'recipe_id = 0b8c7e4e-2a9c-4d43-9d46-1c1f6f1b7a11',
      compare('recipe_id', '=', '0b8c7e4e-2a9c-4d43-9d46-1c1f6f1b7a11'),
    ],
    ['date >= 2024-05-01', compare('date', '>=', '2024-05-01')],
    ['lastMade < "$NOW-30d"', compare('lastMade', '<', '$NOW-30d')],
    ['createdAt >= $NOW-7d', compare('createdAt', '>=', '$NOW-7d')],
  ])('reads %s', (filter, expected) => {
    expect(parseQueryFilter(filter)).toEqual(expected)
  })

  it('reads IS NULL, IS NONE and their negations in any case', () => {
    expect(parseQueryFilter('lastMade IS NULL')).toEqual({ kind: 'null', attribute: 'lastMade', negated: false })
    expect(parseQueryFilter('lastMade is none')).toEqual({ kind: 'null', attribute: 'lastMade', negated: false })
    expect(parseQueryFilter('description IS NOT NONE')).toEqual({
      kind: 'null',
      attribute: 'description',
      negated: true,
    })
    expect(parseQueryFilter('description Is Not Null')).toMatchObject({ kind: 'null', negated: true })
  })

  it('reads IN, NOT IN and CONTAINS ALL lists, trimming and unquoting each element', () => {
    expect(parseQueryFilter('tags.name IN ["Dinner", Quick]')).toEqual({
      kind: 'list',
      attribute: 'tags.name',
      operator: 'in',
      values: ['Dinner', 'Quick'],
    })
    expect(parseQueryFilter('recipeCategory.slug not in [dessert]')).toMatchObject({
      operator: 'not in',
      values: ['dessert'],
    })
    expect(parseQueryFilter('tags.id CONTAINS ALL ["a", "b"]')).toMatchObject({
      operator: 'contains all',
      values: ['a', 'b'],
    })
    expect(parseQueryFilter('name IN [ Quick Dinner , "a, b" , "(x)" ]')).toMatchObject({
      values: ['Quick Dinner', 'a, b', '(x)'],
    })
    expect(parseQueryFilter('name IN []')).toMatchObject({ values: [] })
  })

  it('reads LIKE and NOT LIKE', () => {
    expect(parseQueryFilter('name LIKE "%soup%"')).toEqual({
      kind: 'like',
      attribute: 'name',
      negated: false,
      pattern: '%soup%',
    })
    expect(parseQueryFilter('name not like "%test%"')).toMatchObject({ kind: 'like', negated: true })
  })
})

describe('queryFilter lexical rules', () => {
  it('keeps "" as the two-character string and single quotes as literal characters', () => {
    expect(parseQueryFilter('name = ""')).toEqual(compare('name', '=', '""'))
    expect(parseQueryFilter("name = 'x'")).toEqual(compare('name', '=', "'x'"))
  })

  it('keeps parentheses, operators and keywords inside quotes literal', () => {
    expect(parseQueryFilter('name = "a (b) = c AND d"')).toEqual(compare('name', '=', 'a (b) = c AND d'))
    expect(parseQueryFilter('(name = "x)")')).toEqual(compare('name', '=', 'x)'))
  })

  it('reads attributes containing keyword letters as attributes', () => {
    expect(parseQueryFilter('recipeCategory.isNotable = 1 AND rating > 1 OR notes.inside IS NULL')).toMatchObject({
      kind: 'and',
      left: { attribute: 'recipeCategory.isNotable' },
      right: { kind: 'or', left: { attribute: 'rating' }, right: { attribute: 'notes.inside' } },
    })
  })
})

describe('queryFilter structure', () => {
  it('combines AND/OR right-to-left without precedence', () => {
    const tree = parseQueryFilter('a = 1 AND b = 2 OR c = 3') as Extract<FilterNode, { kind: 'and' }>
    expect(tree.kind).toBe('and')
    expect(tree.left).toEqual(compare('a', '=', '1'))
    expect(tree.right).toEqual({ kind: 'or', left: compare('b', '=', '2'), right: compare('c', '=', '3') })
    expect(parseQueryFilter('a = 1 or b = 2 and c = 3')).toMatchObject({ kind: 'or', right: { kind: 'and' } })
  })

  it('groups with parentheses to any depth (example 15)', () => {
    expect(
      parseQueryFilter(
        'name = "test unit 1" OR (useAbbreviation = f AND (name = "test unit 2" OR createdAt > "2023-02-25"))',
      ),
    ).toEqual({
      kind: 'or',
      left: compare('name', '=', 'test unit 1'),
      right: {
        kind: 'and',
        left: compare('useAbbreviation', '=', 'f'),
        right: {
          kind: 'or',
          left: compare('name', '=', 'test unit 2'),
          right: compare('createdAt', '>', '2023-02-25'),
        },
      },
    })
    expect(parseQueryFilter('((((a = 1))))')).toEqual(compare('a', '=', '1'))
    expect(parseQueryFilter('(a = 1) AND b = 2')).toMatchObject({ kind: 'and' })
  })

  it.each([
    'tags.name CONTAINS ALL ["Vegan", "Quick"]',
    'recipeCategory.slug IN [dinner, lunch] AND tools.name NOT IN ["Blender"]',
    'lastMade IS NULL OR lastMade < "2024-01-01"',
    'lastMade < "$NOW-30d"',
    'createdAt >= "$NOW-7d"',
    'name LIKE "%chicken%" AND rating >= 4',
    '(settings.public = true AND household.preferences.privateHousehold = false)',
    'household_id = "6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10"',
    'user.id = "6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10"',
    'recipe_id = 6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10',
    'description IS NOT NONE AND org_url IS NULL',
    'recipeIngredient.food.id IN ["6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10"]',
    'useAbbreviation = true AND name NOT LIKE "%test%"',
    'label.name = "Produce" OR labelId IS NULL',
    'date >= 2024-05-01 AND date <= 2024-05-07',
    'favoritedBy.id = "6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10"',
    '(recipe.slug="onion-soup") AND eventType IN ["info", "comment", "system"]',
    '(tags.name IN [Quick]) AND last_made IS NOT NULL',
  ])('parses reference example %s', (filter) => {
    expect(refusal(filter)).toBeUndefined()
  })
})

describe('queryFilter rejections', () => {
  it.each(['(name = "x"))', '(name = "x"', ')name = "x"(', '((a = 1) AND (b = 2)'])(
    'refuses unbalanced %s',
    (filter) => {
      expect(refusal(filter)).toBe('invalid query string: parenthesis are unbalanced')
    },
  )

  it.each(['name IS "x"', 'name IS x', 'name IS NOT "NULL"', 'name IS'])('refuses IS with a value: %s', (filter) => {
    expect(refusal(filter)).toMatch(/^invalid query string: "IS" and "IS NOT" can only be followed by NULL or NONE/)
  })

  it.each([
    ['name IN "x"', 'IN'],
    ['name NOT IN x', 'NOT IN'],
    ['tags.id CONTAINS ALL "x"', 'CONTAINS ALL'],
  ])('refuses %s without a list', (filter, operator) => {
    expect(refusal(filter)).toBe(
      `invalid query string: "${operator}" must be followed by a list of values in brackets, like [a, b] (after '${filter.split(' ')[0]}')`,
    )
  })

  it.each([
    ['', /the filter is empty/],
    ['name', /expected an operator after 'name' at the end/],
    ['name =', /expected a value for 'name'/],
    ['name = [a]', /expected a value for 'name'/],
    ['name = x y', /expected AND or OR at character 10/],
    ['name = x AND', /expected an attribute name at the end/],
    ['= x', /expected an attribute name at character 1/],
    ['name = "x', /unterminated quote at character 8/],
    ['name IN [a, b', /unterminated list/],
    ['name = a]', /unexpected "]"/],
    ['name NOT = x', /expected IN or LIKE after "NOT"/],
    ['name CONTAINS [x]', /expected ALL after "CONTAINS"/],
    ['name LIKE', /expected a value for 'name'/],
    ['()', /expected an attribute name/],
  ])('refuses malformed %j', (filter, message) => {
    expect(refusal(filter)).toMatch(message)
  })
})
