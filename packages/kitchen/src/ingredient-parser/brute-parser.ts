import { vulgarFractionValues } from '../kitchen-numbers.js'

/** What Mealie's rule-based "brute" parser makes of a line (docs/mealie-compatibility.md "Rule-based parser"). Confidences are not computed. */
export interface BruteParse {
  quantity: number
  unit: string
  food: string
  note: string
}

export interface BruteOptions {
  /** Whether a word names one of the group's units; used when the line starts without an amount ("a stalk …"). */
  isUnit?: (word: string) => boolean
}

const vulgarClass = Object.keys(vulgarFractionValues).join('')
const amountPattern = new RegExp(`^(\\d+(?:[.,/]\\d+)*)?([${vulgarClass}])?(.*)$`, 'u')

/** Reads token 1 as an amount with an optional glued unit ("100g", "2½", "½cup", "1/2"); null when it is none. */
function amountOf(token: string): { value: number; unit: string; note: string } | null {
  const match = amountPattern.exec(token)
  if (!match || (!match[1] && !match[2])) return null
  let value = 0
  if (match[1]) {
    const [numerator, denominator] = match[1].split('/')
    // A comma is always a decimal mark here, as in Mealie ("1,500" → 1.5).
    const whole = Number(numerator!.replace(',', '.'))
    if (denominator !== undefined) {
      const bottom = Number(denominator.replace(',', '.'))
      if (!bottom) return null
      value = whole / bottom
    } else value = whole
    if (!Number.isFinite(value)) return null
  }
  if (match[2]) value += vulgarFractionValues[match[2]] ?? 0
  const rest = match[3] ?? ''
  if (rest.startsWith('(') || rest.startsWith('-')) return { value, unit: '', note: token }
  return { value, unit: rest, note: '' }
}

function fractionValue(token: string): number | null {
  const vulgar = vulgarFractionValues[token]
  if (vulgar !== undefined) return vulgar
  const match = /^(\d+)\/(\d+)$/.exec(token)
  if (!match || !Number(match[2])) return null
  return Number(match[1]) / Number(match[2])
}

/** Food and note from the remaining tokens (the food/note split of docs/mealie-compatibility.md "Rule-based parser"); null when the parenthesis walk reaches the first token. */
function foodAndNote(tokens: string[]): { food: string; note: string } | null {
  const last = tokens[tokens.length - 1] ?? ''
  if (last.endsWith(')') && !(last.includes('(') && !last.startsWith('('))) {
    let start = tokens.length - 1
    while (start >= 0 && !tokens[start]!.startsWith('(')) start--
    if (start <= 0) return null
    const note = tokens.slice(start).join(' ').replace(/^\(/, '').replace(/\)$/, '')
    return { food: tokens.slice(0, start).join(' '), note }
  }
  const comma = tokens.findIndex((token) => token.endsWith(','))
  if (comma < 0) return { food: tokens.join(' '), note: '' }
  return {
    food: tokens
      .slice(0, comma + 1)
      .join(' ')
      .replace(/,$/, ''),
    note: tokens.slice(comma + 1).join(' '),
  }
}

const safeFoodAndNote = (tokens: string[]) => foodAndNote(tokens) ?? { food: tokens.join(' '), note: '' }

/**
 * Mealie's "brute" parser (docs/mealie-compatibility.md "Rule-based parser"): amount from the first token, unit from the next, food and note split at
 * a trailing parenthesis or the first comma. Works on the text as written. Never throws.
 */
export function parseIngredientBrute(line: unknown, options: BruteOptions = {}): BruteParse {
  let text = typeof line === 'string' ? line.replace(/\s+/g, ' ').trim() : ''
  // "1 (15 ounce) can beans" → "1 can beans (15 ounce)"; Mealie's check needs an even-length inner text.
  const moved = /^(.{1,6}) (\((.*?)\)) (.*)$/u.exec(text)
  if (moved && moved[3]!.length % 2 === 0) text = `${moved[1]} ${moved[4]} ${moved[2]}`
  const tokens = text ? text.split(' ') : []
  const result: BruteParse = { quantity: 0, unit: '', food: '', note: '' }
  if (tokens.length === 0) return result
  if (tokens.length === 1) return { ...result, food: tokens[0]! }
  const amount = amountOf(tokens[0]!)
  let amountNote = ''
  if (amount) {
    result.quantity = amount.value
    amountNote = amount.note
    if (tokens.length === 2) {
      result.food = tokens[1]!
      result.unit = amount.unit
    } else if (!amount.unit && !amount.note) {
      let rest = tokens.slice(1)
      const fraction = fractionValue(rest[0]!)
      if (fraction !== null) {
        result.quantity += fraction
        rest = rest.slice(1)
      }
      if (rest.length >= 2 && !rest[0]!.endsWith(',')) {
        result.unit = rest[0]!
        Object.assign(result, foodAndNote(rest.slice(1)) ?? safeFoodAndNote(rest))
        if (!foodAndNote(rest.slice(1))) result.unit = ''
      } else Object.assign(result, safeFoodAndNote(rest))
    } else {
      result.unit = amount.unit
      const rest = tokens.slice(1)
      if (amount.unit) {
        amountNote = [amountNote, rest[0]].filter(Boolean).join(' ')
        Object.assign(result, safeFoodAndNote(rest.slice(1).length ? rest.slice(1) : rest))
      } else if (!rest[0]!.endsWith(',')) {
        result.unit = rest[0]!
        Object.assign(result, safeFoodAndNote(rest.slice(1)))
      } else Object.assign(result, safeFoodAndNote(rest))
    }
  } else {
    const unitIndex = options.isUnit ? tokens.slice(0, 3).findIndex((token) => options.isUnit!(token)) : -1
    if (unitIndex >= 0 && unitIndex < tokens.length - 1) {
      result.unit = tokens[unitIndex]!
      Object.assign(result, safeFoodAndNote(tokens.slice(unitIndex + 1)))
    } else Object.assign(result, safeFoodAndNote(tokens))
  }
  if (amountNote && !result.note.includes(amountNote)) result.note = `${result.note} ${amountNote}`
  return {
    quantity: Math.round(result.quantity * 1000) / 1000,
    unit: result.unit.trim(),
    food: result.food.trim(),
    note: result.note.trim(),
  }
}
