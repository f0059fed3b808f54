import { parseDuration } from '@larder/kitchen'

/**
 * The small text conversions the readers share (docs/mealie-compatibility.md "Migration pipeline"), so that every format turns
 * times, lists and numbers into the same words.
 */

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** Minutes in English words as Mealie stores migrated times: 85 → "1 hour 25 minutes"; 0 or none → undefined. */
export function minutesInWords(minutes: number | null | undefined): string | undefined {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return undefined
  const total = Math.round(minutes)
  if (total === 0) return plural(Math.round(minutes * 60), 'second')
  const days = Math.floor(total / 1440)
  const hours = Math.floor((total % 1440) / 60)
  const rest = total % 60
  const parts: string[] = []
  if (days) parts.push(plural(days, 'day'))
  if (hours) parts.push(plural(hours, 'hour'))
  if (rest) parts.push(plural(rest, 'minute'))
  return parts.join(' ')
}

/**
 * An ISO-8601 duration ("PT1H25M") in words; other text is kept as the app wrote it ("30 minutes"); an all-zero
 * duration or an empty value is no time.
 */
export function timeText(value: unknown): string | undefined {
  if (typeof value === 'number') return minutesInWords(value)
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (/^P/i.test(trimmed)) {
    const minutes = parseDuration(trimmed)
    return minutes === null ? trimmed : minutesInWords(minutes)
  }
  return trimmed
}

/** Plain minutes as a CSV column holds them ("75") in words; other text is kept. */
export function minutesColumn(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? ''
  if (trimmed === '') return undefined
  return /^\d+(\.\d+)?$/.test(trimmed) ? minutesInWords(Number(trimmed)) : trimmed
}

/** Non-blank lines, trimmed. */
export function lines(text: unknown): string[] {
  if (typeof text !== 'string') return []
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** "sides, vegetables" → ["Sides", "Vegetables"] (Mealie's split-by-comma, title-cased). */
export function commaTags(text: unknown): string[] {
  if (typeof text !== 'string') return []
  return text
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map(titleCase)
}

/** Each word's first letter upper-cased, the rest lower-cased. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-/])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase())
}

/** A 1–5 rating from a number or text ("4", "Rated 4/5"); 0, out of range or none → undefined. */
export function ratingOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : Number(/\d+(\.\d+)?/.exec(typeof value === 'string' ? value : '')?.[0] ?? NaN)
  return Number.isFinite(number) && number > 0 && number <= 5 ? number : undefined
}

/** The date part of "2023-10-13 20:29:29" or an ISO timestamp; undefined when there is none. */
export function dateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  if (!match) return undefined
  const date = new Date(`${match[0]}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] ? undefined : match[0]
}

/** A trimmed string, or undefined for empty and non-text values (numbers become their text). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** A file name's extension, lower-cased, without the dot. */
export const extensionOf = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''

/** The last path segment. */
export const fileNameOf = (path: string) => path.split('/').at(-1) ?? path

/** The folder of a path ('' at the root). */
export const folderOf = (path: string) => path.split('/').slice(0, -1).join('/')

/** Joins a folder and a relative path the export wrote ("images/x.jpg", "./x.jpg"). */
export function joinPath(folder: string, relative: string): string {
  const segments = [...(folder ? folder.split('/') : []), ...relative.replaceAll('\\', '/').split('/')]
  return segments.filter((segment) => segment !== '' && segment !== '.').join('/')
}
