import { Column, is, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { shownPath } from './shown-fields.js'

/** How a value compared with a column is typed and checked (docs/mealie-compatibility.md "Query filters"). */
export type ValueType = 'uuid' | 'string' | 'number' | 'boolean' | 'date' | 'datetime'

/** A filterable/orderable value that is not a plain column, e.g. a computed rating. */
export interface ComputedColumn {
  expression: SQL
  type: ValueType
  /**
   * `expression <operator> value` written another way, when the expression as a whole is costly per row or hides a
   * column from its index (a rating that is the caller's own or else the average). Must match exactly the rows the
   * plain comparison matches.
   */
  compare?: (operator: SQL, value: SQL) => SQL
  /**
   * What an orderBy on the attribute sorts by, when that is not what a filter reads: Mealie orders recipes by the
   * caller's own rating where they gave one, and filters them on the average.
   */
  orderExpression?: SQL
}

export type ListColumn = AnyPgColumn | ComputedColumn

/**
 * A relationship reachable from a list's table. `on` links `table` to its parent (the list's table or the enclosing
 * relation) and is used inside correlated sub-queries, so a table that appears twice on one path needs drizzle's
 * `alias()`. Relations may have relations of their own, to any depth (`household.preferences.private_household`).
 */
export interface RelationSpec {
  table: PgTable
  on: SQL
  /** To-many: a condition matches when any related row does (EXISTS), never by multiplying parent rows. */
  many: boolean
  columns: Readonly<Record<string, ListColumn>>
  relations?: Readonly<Record<string, RelationSpec>>
  /**
   * For a to-many relation whose ids the parent row also keeps in a GIN-indexed array column (a recipe's `tag_ids`):
   * filters match with `ids && array(select id from table where …)`, computed once and answered by the index,
   * instead of a sub-query per parent row. `ids` must hold exactly the ids of the rows `on` selects.
   */
  idArray?: { ids: AnyPgColumn; id: AnyPgColumn }
}

/** A list's own search: which rows match, and how they rank (best first); the request's orderBy breaks ties. */
export interface SearchSql {
  where: SQL
  relevance: SQL
}

/** A dotted path declared as searched, resolved when the spec is defined so a typo fails at start-up. */
export type SearchTarget = AnyPgColumn | SQL | string

export interface ListSpecInput {
  table: PgTable
  /**
   * The schema of one item as the list answers it. Every attribute the list filters, orders or searches on must be
   * shown there: a hidden field that can be filtered on can be read one character at a time.
   */
  shows: z.ZodType
  /** Primary key: the tie-breaker that keeps pages stable, and what `select` receives. Defaults to `columns.id`. */
  id?: AnyPgColumn
  /** The allow-list of attributes, keyed by Mealie's snake_case names. */
  columns: Readonly<Record<string, ListColumn>>
  relations?: Readonly<Record<string, RelationSpec>>
  /**
   * Searched text; the first one is the "name" whose full match ranks first (docs/mealie-compatibility.md "Recipe list and search"). A column must be
   * one of `columns`; an SQL expression is checked by nobody, so say in a comment what it reads.
   */
  search?: readonly SearchTarget[]
  /**
   * A search of the list's own instead of the generic token-OR substring search over `search` (the recipe list's
   * full-text and trigram search). Undefined for a search with nothing to look for.
   */
  searchWith?: (search: string) => SearchSql | undefined
  /**
   * Order when the request names none and no search ranks the rows: an attribute name, or a column the caller may
   * not order by (the rows' relative order shows nothing more than the list itself). Defaults to `created_at`.
   */
  defaultOrder?: string | AnyPgColumn
}

export interface ListSpec {
  table: PgTable
  id: AnyPgColumn
  columns: Readonly<Record<string, ListColumn>>
  relations: Readonly<Record<string, RelationSpec>>
  search: ReadonlyArray<ResolvedAttribute | SQL>
  searchWith: ((search: string) => SearchSql | undefined) | undefined
  defaultOrder: string | AnyPgColumn | undefined
}

/** An attribute path resolved against a spec: the relations walked, then the column at the end. */
export interface ResolvedAttribute {
  name: string
  path: RelationSpec[]
  expression: SQL | AnyPgColumn
  type: ValueType
  /** Enum and other non-text types are compared and ordered as text. */
  castToText: boolean
  /** The computed column's own comparison (ComputedColumn.compare). */
  compare?: ((operator: SQL, value: SQL) => SQL) | undefined
  /** The computed column's own order (ComputedColumn.orderExpression). */
  orderExpression?: SQL | undefined
}

export function defineListSpec(input: ListSpecInput): ListSpec {
  const id = input.id ?? input.columns.id
  if (!id || !is(id, Column)) throw new Error('defineListSpec: give `id` or a column named `id`')
  const spec: ListSpec = {
    table: input.table,
    id,
    columns: input.columns,
    relations: input.relations ?? {},
    search: [],
    searchWith: input.searchWith,
    defaultOrder: input.defaultOrder ?? (Object.hasOwn(input.columns, 'created_at') ? 'created_at' : undefined),
  }
  spec.search = (input.search ?? []).map((target) => {
    if (!is(target, Column) && typeof target !== 'string') return target
    const name =
      typeof target === 'string' ? target : Object.keys(input.columns).find((key) => input.columns[key] === target)
    const resolved = name === undefined ? undefined : resolveAttribute(spec, name)
    if (!resolved) throw new Error(`defineListSpec: a searched column is not declared in \`columns\``)
    return resolved
  })
  for (const path of attributePaths(spec.columns, spec.relations)) {
    if (!shownPath(input.shows, path)) {
      throw new Error(`defineListSpec: '${path.join('.')}' is filterable but the list's answer does not show it`)
    }
  }
  return spec
}

/** Every dotted attribute a spec allows, as segments. */
function attributePaths(
  columns: Readonly<Record<string, ListColumn>>,
  relations: Readonly<Record<string, RelationSpec>>,
): string[][] {
  return [
    ...Object.keys(columns).map((name) => [name]),
    ...Object.entries(relations).flatMap(([name, relation]) =>
      attributePaths(relation.columns, relation.relations ?? {}).map((path) => [name, ...path]),
    ),
  ]
}

/** `recipeCategory` → `recipe_category`; snake_case passes through unchanged. */
export function toSnakeCase(segment: string): string {
  return segment.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** Walks a dotted path through the allow-list; undefined when any segment is not declared. */
export function resolveAttribute(spec: ListSpec, attribute: string): ResolvedAttribute | undefined {
  const segments = attribute.split('.').map(toSnakeCase)
  const last = segments.pop()
  if (last === undefined) return undefined
  const path: RelationSpec[] = []
  let relations: Readonly<Record<string, RelationSpec>> = spec.relations
  let columns = spec.columns
  for (const segment of segments) {
    // hasOwn keeps names like `constructor` or `__proto__` from reaching the prototype.
    const relation = Object.hasOwn(relations, segment) ? relations[segment] : undefined
    if (!relation) return undefined
    path.push(relation)
    relations = relation.relations ?? {}
    columns = relation.columns
  }
  const column = Object.hasOwn(columns, last) ? columns[last] : undefined
  return column ? resolvedColumn(segments.concat(last).join('.'), path, column) : undefined
}

function resolvedColumn(name: string, path: RelationSpec[], column: ListColumn): ResolvedAttribute {
  if (!is(column, Column)) {
    const { expression, type, compare, orderExpression } = column
    return { name, path, expression, type, castToText: false, compare, orderExpression }
  }
  const { type, castToText } = classifyColumn(column)
  return { name, path, expression: column, type, castToText }
}

const columnTypes: Readonly<Record<string, ValueType>> = {
  PgUUID: 'uuid',
  PgText: 'string',
  PgVarchar: 'string',
  PgChar: 'string',
  PgTimestamp: 'datetime',
  PgTimestampString: 'datetime',
  PgDate: 'date',
  PgDateString: 'date',
  PgBoolean: 'boolean',
  PgInteger: 'number',
  PgSmallInt: 'number',
  PgBigInt53: 'number',
  PgBigInt64: 'number',
  PgSerial: 'number',
  PgSmallSerial: 'number',
  PgBigSerial53: 'number',
  PgBigSerial64: 'number',
  PgReal: 'number',
  PgDoublePrecision: 'number',
  PgNumeric: 'number',
  PgNumericNumber: 'number',
  PgNumericBigInt: 'number',
}

/** Enums (and anything unknown, like json) are compared as text, so an unknown enum value matches nothing. */
function classifyColumn(column: AnyPgColumn): { type: ValueType; castToText: boolean } {
  const type = columnTypes[column.columnType]
  return type ? { type, castToText: false } : { type: 'string', castToText: true }
}
