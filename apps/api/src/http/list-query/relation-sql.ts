import { getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { RelationSpec, ResolvedAttribute } from './list-spec.js'

/**
 * Relationship paths become correlated sub-queries rather than joins: a parent row is never repeated, so totals
 * stay exact and pages full whatever the filter (docs/mealie-compatibility.md "Filter and order attributes", "implementation artefact to avoid copying"). A
 * relation whose ids the parent keeps in an array column (`idArray`) is matched through that array instead.
 */

/**
 * A relation's table in FROM: an `alias()` of a table (a relation onto the list's own table, like a recipe's
 * `settings.*`) renders as `"recipes" as "recipe_settings"`, since drizzle would print the alias alone.
 */
// drizzle keeps a table's own name under this symbol, also on its aliases.
const originalName = Symbol.for('drizzle:OriginalName')

function fromSql(table: PgTable): SQL {
  const original = (table as unknown as Record<symbol, string | undefined>)[originalName]
  const name = getTableName(table)
  return original && original !== name ? sql`${sql.identifier(original)} as ${sql.identifier(name)}` : sql`${table}`
}

/** The attribute as SQL, text-cast where the column is compared as text (enums). */
export function attributeSql(attribute: ResolvedAttribute): SQL {
  return attribute.castToText ? sql`${attribute.expression}::text` : sql`${attribute.expression}`
}

/** A relation whose ids the parent row keeps in an array column (RelationSpec.idArray). */
export type IdArrayRelation = RelationSpec & { idArray: NonNullable<RelationSpec['idArray']> }

/**
 * How a condition on an id-array relation reads the ids of the related rows it matches, as a `uuid[]` (or whatever
 * the id's type is) expression. By default a sub-query (`relationIdsSubquery`); paginate puts in the ids it found
 * beforehand (`queryFilterConditions`).
 */
export type RelationIdsSql = (relation: IdArrayRelation, condition: SQL) => SQL

/** The ids of the related rows matching `condition`, computed once per statement (an InitPlan). */
export const relationIdsSubquery: RelationIdsSql = (relation, condition) =>
  sql`array(${relationIdsSelect(relation, condition)})`

/** `select id from <relation's table> where condition`. */
export function relationIdsSelect(relation: IdArrayRelation, condition: SQL): SQL {
  return sql`select ${relation.idArray.id} from ${fromSql(relation.table)} where ${condition}`
}

/** Some row along the path satisfies `condition` (any-row semantics for to-many, plain lookup for to-one). */
export function existsThrough(
  path: readonly RelationSpec[],
  condition: SQL,
  idsOf: RelationIdsSql = relationIdsSubquery,
): SQL {
  const [first, ...rest] = path
  if (!first) return condition
  if (first.idArray && rest.length === 0) {
    return sql`${first.idArray.ids} && ${idsOf(first as IdArrayRelation, condition)}`
  }
  return sql`exists (select 1 from ${fromSql(first.table)} where ${first.on} and ${existsThrough(rest, condition, idsOf)})`
}

/**
 * For IS NULL: Mealie outer-joins relationships, so a missing related row reads as null. A row matches when the
 * path breaks off somewhere, or some related row at the end satisfies `condition`.
 */
export function nullThrough(path: readonly RelationSpec[], condition: SQL): SQL {
  const [first, ...rest] = path
  if (!first) return condition
  return sql`(not exists (select 1 from ${fromSql(first.table)} where ${first.on}) or exists (select 1 from ${fromSql(first.table)} where ${first.on} and ${nullThrough(rest, condition)}))`
}

/**
 * One value per parent row for ordering by a related attribute. To-one paths read the value (null when missing,
 * like an outer join); paths through a to-many relation take the smallest value ascending and the largest
 * descending, so each parent still appears once.
 */
export function valueThrough(attribute: ResolvedAttribute, value: SQL, direction: 'asc' | 'desc'): SQL {
  const [first, ...rest] = attribute.path
  if (!first) return value
  const joins = sql.join(
    rest.map((relation) => sql` left join ${fromSql(relation.table)} on ${relation.on}`),
    sql``,
  )
  if (!attribute.path.some((relation) => relation.many)) {
    return sql`(select ${value} from ${fromSql(first.table)}${joins} where ${first.on} limit 1)`
  }
  return sql`(select ${aggregateFor(attribute, value, direction)} from ${fromSql(first.table)}${joins} where ${first.on})`
}

/** PostgreSQL has no min/max over booleans or uuids; use their equivalents. */
function aggregateFor(attribute: ResolvedAttribute, value: SQL, direction: 'asc' | 'desc'): SQL {
  if (attribute.type === 'boolean') return direction === 'asc' ? sql`bool_and(${value})` : sql`bool_or(${value})`
  const comparable = attribute.type === 'uuid' ? sql`${value}::text` : value
  return direction === 'asc' ? sql`min(${comparable})` : sql`max(${comparable})`
}
