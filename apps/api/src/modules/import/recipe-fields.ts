import { durationParts, parseDuration } from '@larder/kitchen'
import { nutritionFields } from '@larder/contracts'
import type { JsonValue } from './lenient-json.js'
import { isObject, type SchemaNode } from './json-ld.js'
import { cleanLine, textOf } from './text-cleaning.js'

/**
 * The smaller fields of a schema.org Recipe, cleaned (docs/mealie-compatibility.md "Cleaning scraped fields"): times, yield and servings, nutrition, the
 * image, keywords and categories.
 */

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/**
 * A recipe time as Mealie writes it ("1 hour 30 minutes"): ISO-8601 ("PT1H30M") and text ("1 hr 30 min", "90") both
 * read by the kitchen's duration parser; text it cannot read is kept as written; nothing gives null.
 */
export function timeOf(value: JsonValue | undefined): string | null {
  const raw = isObject(value) ? (value.maxValue ?? value.minValue ?? value['@value']) : value
  const text = cleanLine(textOf(raw))
  if (text === '') return null
  const minutes = parseDuration(text)
  if (minutes === null) return text.length <= 100 ? text : null
  if (minutes <= 0) return null
  const parts = durationParts(minutes)
  const pieces: string[] = []
  if (parts.days) pieces.push(plural(parts.days, 'day'))
  if (parts.hours) pieces.push(plural(parts.hours, 'hour'))
  if (parts.minutes) pieces.push(plural(parts.minutes, 'minute'))
  if (parts.seconds) pieces.push(plural(parts.seconds, 'second'))
  return pieces.join(' ')
}

export interface YieldFields {
  recipeServings: number
  recipeYieldQuantity: number
  recipeYield: string | null
}

/** Words that say a number counts people, in the languages recipe pages come in. */
const servingWords =
  /\b(?:serves?|servings?|serving size|portions?|people|persons?|personen|personnes?|porzioni|porciones|raciones|personas|pers\.?|makes|yields?)\b/i

const vulgarFractions: Record<string, number> = { '½': 0.5, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 0.25, '¾': 0.75, '⅛': 0.125 }

const quantityPattern = /(\d+)\s+(\d+)\/(\d+)|(\d+)\/(\d+)|(\d+(?:[.,]\d+)?)\s*([½⅓⅔¼¾⅛])?|([½⅓⅔¼¾⅛])/u

/** The first amount in a yield text: "4", "1 1/2", "1½", "2.5", "4-6" (the lower bound, as Mealie reads it). */
function firstQuantity(text: string): { quantity: number; rest: string } | null {
  const found = quantityPattern.exec(text)
  if (!found) return null
  let quantity: number
  if (found[1] !== undefined) quantity = Number(found[1]) + Number(found[2]) / Number(found[3])
  else if (found[4] !== undefined) quantity = Number(found[4]) / Number(found[5])
  else if (found[6] !== undefined)
    quantity = Number(found[6].replace(',', '.')) + (found[7] ? vulgarFractions[found[7]]! : 0)
  else quantity = vulgarFractions[found[8]!]!
  if (!Number.isFinite(quantity)) return null
  const rest = (text.slice(0, found.index) + text.slice(found.index + found[0].length))
    .replace(/^\s*(?:[-–—]|to)\s*\d+(?:[.,]\d+)?/i, '')
    .replace(/\s+/g, ' ')
    .trim()
  return { quantity: Math.round(quantity * 1000) / 1000, rest }
}

/**
 * `recipeYield` (string, number or list) as later Mealie reads it (docs/mealie-compatibility.md "Cleaning scraped fields"): a number
 * with a serving word, or alone, is servings; a number with anything else is a yield of that many things
 * ("12 cookies"). A list gives both when it has both. Text without a number is kept as the yield text.
 */
export function yieldOf(value: JsonValue | undefined): YieldFields {
  const result: YieldFields = { recipeServings: 0, recipeYieldQuantity: 0, recipeYield: null }
  const entries = (Array.isArray(value) ? value : [value]).map((entry) => cleanLine(textOf(entry))).filter(Boolean)
  for (const entry of entries) {
    const found = firstQuantity(entry)
    if (!found) {
      if (result.recipeYield === null) result.recipeYield = entry.slice(0, 500)
      continue
    }
    const countsPeople = servingWords.test(entry) || found.rest === ''
    if (countsPeople) {
      if (result.recipeServings === 0) result.recipeServings = found.quantity
    } else if (result.recipeYieldQuantity === 0) {
      result.recipeYieldQuantity = found.quantity
      result.recipeYield = found.rest.slice(0, 500)
    }
  }
  return result
}

/** Mealie's rule for sodium and cholesterol: grams where milligrams are meant ("1.2 g") are multiplied by 1000. */
const milligramFields = new Set(['sodiumContent', 'cholesterolContent'])

/** `nutrition` (docs/mealie-compatibility.md "Cleaning scraped fields" clean_nutrition): each known field's first number, as text; nothing gives null. */
export function nutritionOf(value: JsonValue | undefined): Record<string, string> | null {
  if (!isObject(value)) return null
  const result: Record<string, string> = {}
  for (const field of nutritionFields) {
    const raw = value[field]
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? cleanLine(raw) : ''
    const number = /\d+(?:[.,]\d+)?/.exec(text)?.[0]?.replace(',', '.')
    if (!number) continue
    if (milligramFields.has(field) && /\dg|\sg\b|^g/i.test(text.replace(number, '')) && !/m/i.test(text)) {
      result[field] = String(Number(number) * 1000)
    } else result[field] = number
  }
  return Object.keys(result).length > 0 ? result : null
}

/** A candidate picture: its address and, when the page says, its size. */
function imageCandidates(value: JsonValue | undefined, nodesById: Map<string, SchemaNode>, depth = 0) {
  const found: Array<{ url: string; area: number }> = []
  if (value === undefined || value === null || depth > 5) return found
  if (typeof value === 'string') {
    if (value.trim() !== '') found.push({ url: value.trim(), area: 0 })
  } else if (Array.isArray(value)) {
    for (const item of value) found.push(...imageCandidates(item, nodesById, depth + 1))
  } else if (isObject(value)) {
    const reference = typeof value['@id'] === 'string' ? nodesById.get(value['@id']) : undefined
    const node = reference && reference !== value ? { ...reference, ...value } : value
    const url = textOf(node.url ?? node.contentUrl ?? node.thumbnailUrl ?? (reference ? undefined : node['@id']))
    const area = (Number(textOf(node.width)) || 0) * (Number(textOf(node.height)) || 0)
    if (url.trim() !== '') found.push({ url: url.trim(), area })
  }
  return found
}

/**
 * The recipe's picture: the largest of a list when the page gives sizes, else the first; relative addresses resolved
 * against the page's. Null when there is none or it is not an http(s) address.
 */
export function imageOf(value: JsonValue | undefined, pageUrl: string, nodesById: Map<string, SchemaNode>) {
  const candidates = imageCandidates(value, nodesById)
  if (candidates.length === 0) return null
  const largest = candidates.reduce((best, candidate) => (candidate.area > best.area ? candidate : best))
  return absoluteUrl(largest.url, pageUrl)
}

export function absoluteUrl(address: string, pageUrl: string): string | null {
  try {
    const url = pageUrl ? new URL(address.trim(), pageUrl) : new URL(address.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Keywords or categories: a list, or text separated by commas; cleaned, without repeats (by lower case). */
export function namesOf(value: JsonValue | undefined): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  const names: string[] = []
  const seen = new Set<string>()
  for (const item of items) {
    const name = cleanLine(isObject(item) ? item.name : item).slice(0, 100)
    if (name === '' || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    names.push(name)
  }
  return names
}
