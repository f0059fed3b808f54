import { sql, type SQL } from 'drizzle-orm'
import type { WireField, WireObject } from './recipe-wire-fields.repo.js'

/**
 * The JSON encoder of the wire tables (recipe-wire-fields.repo.ts): each object as json_build_object, in its table's
 * order, read back by postgres.js as objects (`loadRecipes`, `recipeSummaries`). Related rows are scalar sub-queries
 * on indexed foreign keys rather than joins: sub-queries on primary keys plan in a fraction of the time a five-table
 * join order search takes. Two things are finished in Node, by `shapeDocument`: PostgreSQL writes timestamps as
 * `…+00:00` where every answer has toISOString's form, and jsonb documents (assets, notes, nutrition) keep jsonb's
 * key order and whatever keys they hold, where the wire has the table's.
 */

const key = (field: WireField) => sql.raw(`'${field.key}'`)

function value(field: WireField): SQL {
  switch (field.kind) {
    case 'object':
      return jsonObject(field.fields)
    case 'joined':
      return sql`(select ${jsonObject(field.fields)} from ${sql.raw(`${field.table} ${field.alias}`)} where ${field.on})`
    case 'list': {
      const item = Array.isArray(field.item) ? jsonObject(field.item) : (field.item as { value: SQL }).value
      const { from, where, order } = field.rows
      return sql`coalesce((select json_agg(${item} order by ${order}) from ${from} where ${where}), '[]'::json)`
    }
    case 'aggregate':
      return sql`coalesce(json_agg(${field.item.value} order by ${field.order}) filter (where ${field.filter}), '[]'::json)`
    case 'organizers':
      return sql`coalesce(${sql.raw(`page_${field.list}`)}.items, '[]'::json)`
    case 'marker':
      return sql`null`
    default:
      return field.value
  }
}

/** The object of `fields` as one json_build_object. */
export function jsonObject(fields: WireObject): SQL {
  // PostgreSQL passes a function at most 100 arguments: past 50 fields, build the object in parts.
  if (fields.length > 50) throw new Error(`json_build_object takes at most 50 fields, not ${fields.length}`)
  return sql`json_build_object(${sql.join(
    fields.map((field) => sql`${key(field)}, ${value(field)}`),
    sql`, `,
  )})`
}

/** The organizer tables' aggregate of one page recipe's organizer documents (recipe-loader.repo.ts). */
export const jsonAggregate = (item: SQL, order: SQL) => sql`json_agg(${item} order by ${order})`

type Json = Record<string, unknown>

/** PostgreSQL's JSON timestamps (`…+00:00`) as the ISO text every other answer uses. */
const iso = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : null)

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Rewrites what Node finishes of one field's value, in place; null when the field needs nothing. */
type Shaper = (owner: Json, key: string) => void

function shaperOf(field: WireField): Shaper | null {
  switch (field.kind) {
    case 'instant':
      return (owner, key) => {
        owner[key] = iso(owner[key])
      }
    case 'objects': {
      // Only the table's keys, in its order; a missing key stays missing, as the serialiser would see it.
      const keys = field.keys
      return (owner, key) => {
        const items = owner[key]
        if (!Array.isArray(items)) return
        owner[key] = items.map((item: unknown) =>
          isObject(item) ? Object.fromEntries(keys.filter((k) => k in item).map((k) => [k, item[k]])) : item,
        )
      }
    }
    case 'keyed': {
      const keys = field.keys
      return (owner, key) => {
        const document = owner[key] as Json | null
        owner[key] = document ? Object.fromEntries(keys.map((k) => [k, document[k] ?? null])) : null
      }
    }
    case 'object':
    case 'joined': {
      const shape = objectShaper(field.fields)
      return shape && ((owner, key) => isObject(owner[key]) && shape(owner[key]))
    }
    case 'list': {
      if (!Array.isArray(field.item)) return null
      const shape = objectShaper(field.item as WireObject)
      return (
        shape &&
        ((owner, key) => {
          for (const item of owner[key] as Json[]) shape(item)
        })
      )
    }
    default:
      return null
  }
}

const shapers = new WeakMap<WireObject, ((document: Json) => void) | null>()

/** What Node finishes of an object of `fields`, in place (the document is the read's own); null when nothing. */
function objectShaper(fields: WireObject): ((document: Json) => void) | null {
  if (shapers.has(fields)) return shapers.get(fields)!
  const parts = fields.flatMap((field) => {
    const shape = shaperOf(field)
    return shape ? [[field.key, shape] as const] : []
  })
  const shaper =
    parts.length === 0
      ? null
      : (document: Json) => {
          for (const [key, shape] of parts) if (key in document) shape(document, key)
        }
  shapers.set(fields, shaper)
  return shaper
}

/** A document of `fields` as read by postgres.js, finished as the wire has it (see the top of this file). */
export function shapeDocument<Shape>(fields: WireObject, document: Json): Shape {
  objectShaper(fields)?.(document)
  return document as Shape
}
