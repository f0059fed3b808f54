import { invalidQuery } from './query-filter-tokenizer.js'

/**
 * Typing of queryFilter values by the column they are compared with (docs/mealie-compatibility.md "Query filters"). Everything is checked here,
 * before PostgreSQL sees it, so that a bad value is a 400 with a message and never a database error.
 */

const relativeDatePattern = /^([+-])(\d+)([ymdHMS])$/

/** `$NOW`, `$NOW+30d`, `$NOW-5M` → the current time shifted, as ISO text; other values pass through. */
export function resolveRelativeDate(value: string, now: Date): string {
  if (!value.startsWith('$NOW')) return value
  const shift = value.slice('$NOW'.length)
  if (shift === '') return now.toISOString()
  const match = relativeDatePattern.exec(shift)
  if (!match)
    throw invalidQuery(`invalid relative date '${value}': use $NOW, or $NOW+<number><unit> with unit y m d H M S`)
  const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1)
  const shifted = new Date(now.getTime())
  switch (match[3]) {
    case 'y':
      shifted.setUTCFullYear(shifted.getUTCFullYear() + amount)
      break
    case 'm':
      shifted.setUTCMonth(shifted.getUTCMonth() + amount)
      break
    case 'd':
      shifted.setUTCDate(shifted.getUTCDate() + amount)
      break
    case 'H':
      shifted.setUTCHours(shifted.getUTCHours() + amount)
      break
    case 'M':
      shifted.setUTCMinutes(shifted.getUTCMinutes() + amount)
      break
    default:
      shifted.setUTCSeconds(shifted.getUTCSeconds() + amount)
  }
  requireStorableYear(shifted, value)
  return shifted.toISOString()
}

const uuidPattern = /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i

/** Accepts the spellings Python's UUID() accepts (hyphens optional, braces, urn:uuid:) and returns the canonical one. */
export function parseUuid(value: string, attribute: string): string {
  const bare = value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
  const match = uuidPattern.exec(bare)
  if (!match) throw invalidQuery(`'${value}' is not a valid UUID for '${attribute}'`)
  return match.slice(1).join('-').toLowerCase()
}

/** First letter t or y, or `1`, is true; everything else is false (Mealie's rule). */
export function parseBoolean(value: string): boolean {
  return /^[ty]/i.test(value.trim()) || value.trim() === '1'
}

const numberPattern = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i

/** Returns the number as text for a `::numeric` cast, so integers and decimals compare exactly. */
export function parseNumber(value: string, attribute: string): string {
  const text = value.trim()
  if (!numberPattern.test(text) || !Number.isFinite(Number(text))) {
    throw invalidQuery(`'${value}' is not a number, which '${attribute}' requires`)
  }
  return text
}

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i

const unparsableDate = (value: string) => invalidQuery(`unknown date or datetime format '${value}'`)

/** PostgreSQL stores years far beyond JavaScript's; keep to four-digit years so the cast can never fail. */
function requireStorableYear(date: Date, value: string): void {
  const year = date.getUTCFullYear()
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw unparsableDate(value)
}

/** ISO text is read exactly (UTC when no offset); anything else goes to the lenient JavaScript date parser. */
export function parseDateTime(value: string): Date {
  const text = value.trim()
  const iso = isoPattern.exec(text)
  let date: Date
  if (iso) {
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = iso
      .slice(1, 7)
      .map((part) => Number(part ?? 0))
    const fraction = Number(`0.${iso[7] ?? '0'}`) * 1000
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, fraction)
    date = new Date(utc - offsetMinutes(iso[8]) * 60_000)
    const check = new Date(utc)
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
      throw unparsableDate(value)
    }
  } else {
    date = new Date(Date.parse(text))
  }
  requireStorableYear(date, value)
  return date
}

/** The calendar date a value names: the written date for ISO text, the local date for other spellings. */
export function parseDate(value: string): string {
  const iso = isoPattern.exec(value.trim())
  const date = parseDateTime(value)
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  const pad = (part: number, width = 2) => String(part).padStart(width, '0')
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

function offsetMinutes(offset: string | undefined): number {
  if (!offset || offset.toUpperCase() === 'Z') return 0
  const digits = offset.slice(1).replace(':', '')
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)
  return offset.startsWith('-') ? -minutes : minutes
}
