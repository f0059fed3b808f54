import { createHash } from 'node:crypto'

/**
 * Reading Mealie's raw values (docs/mealie-compatibility.md "Backups") into the plain JSON a DatabaseDump holds: uuids lowercase and
 * hyphenated, timestamps ISO-8601 with an offset (Mealie's are naive UTC), dates `YYYY-MM-DD`.
 */

const hyphenated = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const bare = /^[0-9a-f]{32}$/

/** A uuid, from Postgres' hyphenated form or SQLite's CHAR(32); null for anything else. */
export function uuidOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const lower = value.trim().toLowerCase()
  if (hyphenated.test(lower)) return lower
  if (bare.test(lower)) {
    return `${lower.slice(0, 8)}-${lower.slice(8, 12)}-${lower.slice(12, 16)}-${lower.slice(16, 20)}-${lower.slice(20)}`
  }
  return null
}

/**
 * A uuid made from a name, the same for the same name (RFC 4122 version 5 layout): rows Mealie keys by integers
 * (ingredients, extras) and rows Larder needs that Mealie has not (a household per group before households) get
 * ids that one backup always converts to.
 */
export function stableId(...parts: Array<string | number>): string {
  const hash = createHash('sha1')
    .update(`mealie:${parts.join(':')}`)
    .digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value)
    return Number.isFinite(parsed) ? parsed : null
  }
  return null
}

export function booleanOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return fallback
}

const offsetPattern = /(Z|[+-]\d{2}:?\d{2})$/

/** Mealie's naive UTC datetimes (`2024-10-24T17:27:57.123456`, or with a space) as ISO-8601 in UTC; null when unreadable. */
export function timestampOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim().replace(' ', 'T')
  const withOffset = offsetPattern.test(text) ? text : `${text}Z`
  const time = Date.parse(withOffset)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** `YYYY-MM-DD` from a date or a datetime; null when unreadable. */
export function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())
  return match ? match[1]! : null
}
