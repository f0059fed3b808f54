import { sql, type SQL } from 'drizzle-orm'
import type { OrganizerList, RelatedRows, ScalarField, WireField, WireObject } from './recipe-wire-fields.repo.js'

/**
 * The text encoder of the wire tables (recipe-wire-fields.repo.ts): each object as its final JSON text, written by
 * PostgreSQL, for an answer sent as it is (PreserializedJson). Compact, in the table's order (the schema's), and with
 * JSON.stringify's forms: to_json escapes text as JSON.stringify does, timestamps are written as Date#toISOString
 * writes them (UTC, milliseconds, truncated as JavaScript's Date truncates microseconds), float8 in the shortest form
 * that reads back (extra_float_digits ≥ 1). json_build_object and json_agg put spaces and line breaks between
 * members, so the text is joined here.
 *
 * Some values PostgreSQL writes otherwise than JavaScript: `plainChecks` says, from the same tables, whether a row
 * holds none of them; a read holding one is answered the parsed way (the JSON encoder + the serialiser).
 */

/** Where an ingredient's display goes: a byte that no JSON text holds raw (to_json escapes control characters). */
export const displayMark = 0x01

/** A value as JSON text; SQL NULL as `null`. */
export const jsonOf = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`

/**
 * A float8 as JSON text. `+ 0` turns -0 into 0, as JSON.stringify writes it. PostgreSQL writes an exponent below
 * 1e-4 and from 1e15 on, JavaScript only below 1e-7 and from 1e21 on: such values (and NaN, infinities) are not
 * `plainNumber`.
 */
const numberOf = (value: SQL) => jsonOf(sql`${value} + 0`)
const plainNumber = (value: SQL) =>
  sql`(${value} is null or ${value} = 0 or (abs(${value}) >= 1e-4 and abs(${value}) < 1e15))`

/** A timestamptz as toISOString writes it; years outside 1–9999 (which it writes otherwise) are not plain. */
export const instantOf = (value: SQL) =>
  sql`coalesce('"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`
const plainInstant = (value: SQL) =>
  sql`(${value} is null or (${value} >= '0001-01-01 00:00:00+00' and ${value} < '10000-01-01 00:00:00+00'))`

export const booleanText = (value: SQL) => sql`case when ${value} then 'true' else 'false' end`

/**
 * A jsonb object of text values (extras) as JSON.parse + the serialiser write it: its keys in jsonb's order, compact.
 * JavaScript puts keys that are array indexes first and the serialiser coerces values to strings, so an object with
 * such a key or a value other than a string is not `plainRecord`.
 */
const recordText = (value: SQL) => sql`('{' || coalesce((select string_agg(to_json(e.key)::text || ':'
  || to_json(e.value)::text, ',' order by e.n) from jsonb_each_text(${value}) with ordinality as e(key, value, n)), '')
  || '}')`
const plainRecord = (value: SQL) => sql`(jsonb_typeof(${value}) = 'object' and not exists (select 1
  from jsonb_each(${value}) e where jsonb_typeof(e.value) <> 'string' or e.key ~ '^(0|[1-9][0-9]{0,9})$'))`

/** `{"key":value,…}` from pairs of a key and its value's JSON text. */
function objectText(fields: ReadonlyArray<readonly [string, SQL]>): SQL {
  const parts = fields.map(
    ([key, value], index) => sql`${sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`)} || ${value}`,
  )
  return sql`(${sql.join(parts, sql` || `)} || '}')`
}

export const arrayText = (items: SQL) => sql`'[' || coalesce(${items}, '') || ']'`

/** A jsonb array of objects as the serialiser writes it: only `keys`, in this order, each a string (or null). */
const objectsText = (value: SQL, keys: readonly string[]) =>
  sql`('[' || coalesce((select string_agg(${objectText(
    keys.map((key) => [key, jsonOf(sql.raw(`(e.item ->> '${key}')`))] as const),
  )}, ',' order by e.n) from jsonb_array_elements(${value}) with ordinality as e(item, n)), '') || ']')`
const plainObjects = (value: SQL, keys: readonly string[], nullable: boolean) => sql`(jsonb_typeof(${value}) = 'array'
  and not exists (select 1 from jsonb_array_elements(${value}) e(item) where jsonb_typeof(e.item) <> 'object' or ${sql.raw(
    keys
      .map(
        (key) => `coalesce(jsonb_typeof(e.item -> '${key}'), 'missing') not in ('string'${nullable ? `, 'null'` : ''})`,
      )
      .join(' or '),
  )}))`

/** A jsonb object written with exactly `keys` (null where it has none), or null. */
const keyedText = (value: SQL, keys: readonly string[]) =>
  sql`case when ${value} is null or jsonb_typeof(${value}) = 'null' then 'null' else ${objectText(
    keys.map((key) => [key, jsonOf(sql`(${value} ->> ${sql.raw(`'${key}'`)})`)] as const),
  )} end`
const plainKeyed = (value: SQL, keys: readonly string[]) => sql`(${value} is null or jsonb_typeof(${value}) = 'null'
  or (jsonb_typeof(${value}) = 'object' and ${sql.join(
    keys.map((key) => sql`coalesce(jsonb_typeof(${value} -> ${sql.raw(`'${key}'`)}), 'null') in ('string', 'null')`),
    sql` and `,
  )}))`

/**
 * How the recipe's organizer lists are read where the object is written: the members of each list's JSON array
 * (NULL for none), from the page's organizer tables or from sub-queries per recipe.
 */
export type OrganizerSource = (list: OrganizerList) => SQL

function scalarText(field: ScalarField): SQL {
  switch (field.kind) {
    case 'number':
      return numberOf(field.value)
    case 'instant':
      return instantOf(field.value)
    case 'boolean':
      return booleanText(field.value)
    case 'record':
      return recordText(field.value)
    default:
      return jsonOf(field.value)
  }
}

const itemText = (item: WireObject | ScalarField, organizers: OrganizerSource) =>
  Array.isArray(item) ? textObject(item as WireObject, organizers) : scalarText(item as ScalarField)

function valueText(field: WireField, organizers: OrganizerSource): SQL {
  switch (field.kind) {
    case 'objects':
      return objectsText(field.value, field.keys)
    case 'keyed':
      return keyedText(field.value, field.keys)
    case 'object':
      return textObject(field.fields, organizers)
    case 'joined':
      // A left-joined row's object, or `null` when the join found none.
      return sql`case when ${sql.raw(field.alias)}.id is null then 'null' else ${textObject(field.fields, organizers)} end`
    case 'list': {
      const { rows } = field
      if (rows.lateral) return arrayText(sql.raw(`${rows.lateral}.items`))
      return sql`('[' || coalesce((select string_agg(${itemText(field.item, organizers)}, ',' order by ${rows.order})
        from ${rows.from} where ${rows.where}), '') || ']')`
    }
    case 'aggregate':
      return sql`'[' || coalesce(string_agg(${scalarText(field.item)}, ',' order by ${field.order})
        filter (where ${field.filter}), '') || ']'`
    case 'organizers':
      return arrayText(organizers(field.list))
    case 'marker':
      return sql`chr(${sql.raw(String(displayMark))})`
    default:
      return scalarText(field)
  }
}

const noOrganizers: OrganizerSource = () => {
  throw new Error('These fields hold no organizers')
}

/** The object of `fields` as its JSON text. */
export function textObject(fields: WireObject, organizers: OrganizerSource = noOrganizers): SQL {
  return objectText(fields.map((field) => [field.key, valueText(field, organizers)] as const))
}

const allOf = (checks: SQL[]) => sql.join(checks, sql` and `)

/** The conditions under which the text of `fields` is what the JSON encoder + the serialiser write. */
export function plainChecks(fields: WireObject): SQL[] {
  return fields.flatMap((field): SQL[] => {
    switch (field.kind) {
      case 'number':
        return [plainNumber(field.value)]
      case 'instant':
        return [plainInstant(field.value)]
      case 'record':
        return [plainRecord(field.value)]
      case 'objects':
        return [plainObjects(field.value, field.keys, field.nullable)]
      case 'keyed':
        return [plainKeyed(field.value, field.keys)]
      case 'object':
        return plainChecks(field.fields)
      case 'joined': {
        const checks = plainChecks(field.fields)
        return checks.length ? [sql`(${sql.raw(field.alias)}.id is null or (${allOf(checks)}))`] : []
      }
      case 'list': {
        const checks = Array.isArray(field.item)
          ? plainChecks(field.item as WireObject)
          : plainChecks([field.item as ScalarField])
        if (checks.length === 0) return []
        if (field.rows.lateral) return [sql.raw(`coalesce(${field.rows.lateral}.plain, true)`)]
        return [
          sql`coalesce((select bool_and(${allOf(checks)}) from ${field.rows.from} where ${field.rows.where}), true)`,
        ]
      }
      case 'aggregate':
        if (plainChecks([field.item]).length) throw new Error(`${field.key}: an aggregate of values that need a check`)
        return []
      default:
        return []
    }
  })
}

/** The conditions of `fields` joined, or true when there are none. */
export const allPlain = (fields: WireObject) => {
  const checks = plainChecks(fields)
  return checks.length ? sql`(${allOf(checks)})` : sql`true`
}

/** `left join` of every row an object of `fields` reads by a join (`joined`), depth first. */
function leftJoins(fields: WireObject): SQL[] {
  return fields.flatMap((field) =>
    field.kind === 'joined'
      ? [sql`left join ${sql.raw(`${field.table} ${field.alias}`)} on ${field.on}`, ...leftJoins(field.fields)]
      : [],
  )
}

/**
 * The lateral joins that read the lists of `fields` marked `lateral`: for each, `items` (the members of its JSON
 * array, in order), `plain` (all of them plain) and the named `columns` (more aggregates over the same rows).
 */
export function lateralLists(fields: WireObject, columns: Record<string, SQL> = {}): SQL {
  const joins = fields.flatMap((field) => {
    if (field.kind !== 'list' || !field.rows.lateral || !Array.isArray(field.item)) return []
    const item = field.item as WireObject
    const { from, where, order, lateral } = field.rows as Required<RelatedRows>
    const checks = plainChecks(item)
    const more = columns[lateral]
    return [
      sql`left join lateral (select string_agg(${textObject(item)}, ',' order by ${order}) as items${
        more ? sql`, ${more}` : sql``
      }${checks.length ? sql`, bool_and(${allOf(checks)}) as plain` : sql``}
      from ${from} ${sql.join(leftJoins(item), sql` `)} where ${where}) ${sql.raw(lateral)} on true`,
    ]
  })
  return sql.join(joins, sql`\n    `)
}

/** One field's value as JSON text, outside any object (a field of no organizers). */
export const fieldText = (field: WireField) => valueText(field, noOrganizers)
