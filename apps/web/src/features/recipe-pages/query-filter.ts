import type { QueryFilterPart } from '@larder/contracts'

/** Where a condition's choices come from: an organizer list, the foods, the group's households, or typed values. */
export type FilterValueKind = 'categories' | 'tags' | 'tools' | 'foods' | 'households' | 'number' | 'date' | 'text'

export type FilterOperator =
  '=' | '<>' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT IN' | 'CONTAINS ALL' | 'LIKE' | 'NOT LIKE'

export interface FilterAttribute {
  /** The builder's name for it (its label key). */
  key: string
  /** The recipe attribute of the queryFilter grammar (docs/mealie-compatibility.md "Query filters"), as Mealie's builder writes it. */
  field: string
  kind: FilterValueKind
  operators: readonly FilterOperator[]
}

const listOperators = ['IN', 'NOT IN', 'CONTAINS ALL'] as const
const compareOperators = ['=', '<>', '>', '>=', '<', '<='] as const
const dateOperators = ['>=', '>', '<=', '<'] as const

/** The attributes the builder offers; anything else stays in the advanced text. */
export const filterAttributes: readonly FilterAttribute[] = [
  { key: 'categories', field: 'recipe_category.id', kind: 'categories', operators: listOperators },
  { key: 'tags', field: 'tags.id', kind: 'tags', operators: listOperators },
  { key: 'tools', field: 'tools.id', kind: 'tools', operators: listOperators },
  { key: 'foods', field: 'recipe_ingredient.food.id', kind: 'foods', operators: listOperators },
  { key: 'households', field: 'household_id', kind: 'households', operators: ['IN', 'NOT IN'] },
  { key: 'rating', field: 'rating', kind: 'number', operators: compareOperators },
  { key: 'lastMade', field: 'last_made', kind: 'date', operators: dateOperators },
  { key: 'created', field: 'created_at', kind: 'date', operators: dateOperators },
  { key: 'updated', field: 'updated_at', kind: 'date', operators: dateOperators },
  { key: 'name', field: 'name', kind: 'text', operators: ['LIKE', 'NOT LIKE', '=', '<>'] },
]

/** Relative dates the grammar reads (`$NOW-30d`): the date menu's quick choices. */
export const relativeDates = ['$NOW-7d', '$NOW-30d', '$NOW-90d', '$NOW-1y'] as const

export interface FilterRow {
  /** How the row joins the one before it (ignored on the first row). */
  join: 'AND' | 'OR'
  attribute: string
  operator: FilterOperator
  /** Ids for list kinds; one value otherwise. */
  values: string[]
}

export function attributeOf(key: string): FilterAttribute {
  return filterAttributes.find((attribute) => attribute.key === key) ?? filterAttributes[0]!
}

export function isListKind(kind: FilterValueKind): boolean {
  return kind === 'categories' || kind === 'tags' || kind === 'tools' || kind === 'foods' || kind === 'households'
}

export function newRow(key = 'categories'): FilterRow {
  const attribute = attributeOf(key)
  return { join: 'AND', attribute: attribute.key, operator: attribute.operators[0]!, values: [] }
}

/** A quoted value of the grammar; double quotes inside would end it, so they are left out. */
const quoted = (value: string) => `"${value.replaceAll('"', '')}"`

function valueText(attribute: FilterAttribute, values: string[]): string {
  if (isListKind(attribute.kind)) return `[${values.map(quoted).join(', ')}]`
  const value = values[0] ?? ''
  if (attribute.kind === 'number') return String(Number(value))
  return quoted(value)
}

/** True when the row has what its operator needs: a list value, a number, a date, some text. */
export function isComplete(row: FilterRow): boolean {
  const attribute = attributeOf(row.attribute)
  const value = row.values[0]?.trim() ?? ''
  if (isListKind(attribute.kind)) return row.values.length > 0
  if (attribute.kind === 'number') return value !== '' && Number.isFinite(Number(value))
  return value !== ''
}

/** The rows as a `queryFilterString`; rows still missing a value are left out. */
export function filterString(rows: readonly FilterRow[]): string {
  const complete = rows.filter(isComplete)
  return complete
    .map((row, index) => {
      const attribute = attributeOf(row.attribute)
      const condition = `${attribute.field} ${row.operator} ${valueText(attribute, row.values)}`
      return index === 0 ? condition : `${row.join} ${condition}`
    })
    .join(' ')
}

/**
 * The builder rows of a filter the server parsed (a cookbook's `queryFilter.parts`), or null when the filter uses
 * what the builder cannot show (parentheses, other attributes or operators): then only the advanced text edits it.
 */
export function rowsFromParts(parts: readonly QueryFilterPart[]): FilterRow[] | null {
  const rows: FilterRow[] = []
  for (const part of parts) {
    if (part.leftParenthesis || part.rightParenthesis) return null
    const attribute = filterAttributes.find((candidate) => candidate.field === part.attributeName)
    const operator = attribute?.operators.find((candidate) => candidate === part.relationalOperator)
    if (!attribute || !operator) return null
    const values = Array.isArray(part.value) ? part.value : part.value === null ? [] : [part.value]
    if (isListKind(attribute.kind) !== Array.isArray(part.value)) return null
    rows.push({ join: part.logicalOperator ?? 'AND', attribute: attribute.key, operator, values })
  }
  return rows
}
