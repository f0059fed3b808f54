import { and, sql, type SQL } from 'drizzle-orm'
import { badRequest } from '../errors.js'
import { parseBoolean, parseDate, parseDateTime, parseNumber, parseUuid, resolveRelativeDate } from './filter-values.js'
import { filterPattern } from './like-pattern.js'
import { type ListSpec, resolveAttribute, type ResolvedAttribute } from './list-spec.js'
import { parseQueryFilter, type FilterCondition, type FilterNode } from './query-filter-parser.js'
import { invalidQuery } from './query-filter-tokenizer.js'
import { attributeSql, existsThrough, nullThrough, relationIdsSubquery, type RelationIdsSql } from './relation-sql.js'

/** Parses and translates a queryFilter in one step; throws 400 for anything the spec does not allow. */
export function queryFilterSql(spec: ListSpec, filter: string, now = new Date()): SQL {
  return filterTreeSql(spec, parseQueryFilter(filter), now)
}

/**
 * A parsed filter as a parameterised condition on the spec's table. Values are always bound, never spliced.
 * `idsOf`: how a condition on an id-array relation reads the related ids it matches (a sub-query by default).
 */
export function filterTreeSql(
  spec: ListSpec,
  node: FilterNode,
  now = new Date(),
  idsOf: RelationIdsSql = relationIdsSubquery,
): SQL {
  if (node.kind === 'and' || node.kind === 'or') {
    const left = filterTreeSql(spec, node.left, now, idsOf)
    const right = filterTreeSql(spec, node.right, now, idsOf)
    return node.kind === 'and' ? sql`(${left} and ${right})` : sql`(${left} or ${right})`
  }
  return conditionSql(spec, node, now, idsOf)
}

// The operator text comes from this fixed table, never from the request.
const comparisonSql = { '=': sql`=`, '<>': sql`<>`, '>': sql`>`, '<': sql`<`, '>=': sql`>=`, '<=': sql`<=` } as const

function conditionSql(spec: ListSpec, condition: FilterCondition, now: Date, idsOf: RelationIdsSql): SQL {
  const attribute = resolveAttribute(spec, condition.attribute)
  if (!attribute) {
    throw badRequest(`invalid attribute string: '${condition.attribute}' does not exist on this schema`)
  }
  const column = attributeSql(attribute)
  const typed = (value: string) => typedValue(attribute, value, now)
  switch (condition.kind) {
    case 'compare': {
      const operator = comparisonSql[condition.operator]
      const value = typed(condition.value)
      return existsThrough(
        attribute.path,
        attribute.compare ? attribute.compare(operator, value) : sql`${column} ${operator} ${value}`,
        idsOf,
      )
    }
    case 'null':
      return condition.negated
        ? existsThrough(attribute.path, sql`${column} is not null`, idsOf)
        : nullThrough(attribute.path, sql`${column} is null`)
    case 'like': {
      if (attribute.type !== 'string') {
        throw invalidQuery(`LIKE and NOT LIKE only work on text attributes, not on '${condition.attribute}'`)
      }
      const operator = condition.negated ? sql`not like` : sql`like`
      return existsThrough(attribute.path, sql`${column} ${operator} ${typed(filterPattern(condition.pattern))}`, idsOf)
    }
    case 'list':
      return listSql(attribute, condition, column, typed, idsOf)
  }
}

function listSql(
  attribute: ResolvedAttribute,
  condition: Extract<FilterCondition, { kind: 'list' }>,
  column: SQL,
  typed: (value: string) => SQL,
  idsOf: RelationIdsSql,
): SQL {
  const values = condition.values.map(typed)
  if (condition.operator === 'contains all') {
    // One EXISTS per value: the collection must hold every one of them, possibly in different rows.
    return and(...values.map((value) => existsThrough(attribute.path, sql`${column} = ${value}`, idsOf))) ?? sql`true`
  }
  // SQL has no empty IN list; `x IN ()` can match nothing and `x NOT IN ()` excludes nothing.
  if (values.length === 0) {
    return condition.operator === 'in' ? sql`false` : existsThrough(attribute.path, sql`true`, idsOf)
  }
  const list = sql.join(values, sql`, `)
  const operator = condition.operator === 'in' ? sql`in` : sql`not in`
  return existsThrough(attribute.path, sql`${column} ${operator} (${list})`, idsOf)
}

/** A bound parameter, checked and cast for the column so PostgreSQL never sees a value it would refuse. */
function typedValue(attribute: ResolvedAttribute, raw: string, now: Date): SQL {
  const value = resolveRelativeDate(raw, now)
  switch (attribute.type) {
    case 'uuid':
      return sql`${parseUuid(value, attribute.name)}::uuid`
    case 'datetime':
      return sql`${parseDateTime(value).toISOString()}::timestamptz`
    case 'date':
      return sql`${parseDate(value)}::date`
    case 'boolean':
      // A real boolean: postgres.js serialises any other value bound to a boolean parameter as false.
      return sql`${parseBoolean(value)}::boolean`
    case 'number':
      return sql`${parseNumber(value, attribute.name)}::numeric`
    case 'string':
      return sql`${value}::text`
  }
}
