import { vulgarFractionValues } from '../kitchen-numbers.js'

/**
 * One token of an ingredient line. `start`/`end` point into the original line so that the food and note keep the
 * writer's spelling and case. Amounts are read here, once: "1 1/2", "1½", "2-3", "2 to 3", "1,5" each become one
 * `amount` token with its value (and `value2` for the top of a range).
 */
export interface Token {
  text: string
  start: number
  end: number
  kind: 'amount' | 'word' | 'punctuation'
  value?: number
  value2?: number
}

const numberWords: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  half: 0.5,
  dozen: 12,
  een: 1,
  twee: 2,
  drie: 3,
  vier: 4,
  ein: 1,
  eine: 1,
  zwei: 2,
  drei: 3,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
}

/** The value a word stands for when it is used as an amount ("two" → 2, "half" → 0.5), or null. */
export function numberWordValue(word: string): number | null {
  return numberWords[word.toLowerCase()] ?? null
}

const vulgarCharacters = Object.keys(vulgarFractionValues).join('')
// One raw piece: a number (with a decimal point or comma, or thousands commas), a fraction, a unicode fraction, a
// word (letters, inner hyphens, apostrophes and dots as in "c.à.s" or "all-purpose"), or any other visible character.
const piecePattern = new RegExp(
  [
    `\\d+[/⁄]\\d+`,
    `\\d{1,3}(?:,\\d{3})+(?![\\d,])`,
    `\\d+(?:[.,]\\d+)?`,
    `\\.\\d+`,
    `[${vulgarCharacters}]`,
    `[\\p{L}\\p{M}](?:[\\p{L}\\p{M}'’]|[-.](?=[\\p{L}\\p{M}]))*`,
    `\\S`,
  ].join('|'),
  'gu',
)

function amountOf(text: string): number | null {
  const vulgar = vulgarFractionValues[text]
  if (vulgar !== undefined) return vulgar
  const slash = text.search(/[/⁄]/)
  if (slash > 0) {
    const denominator = Number(text.slice(slash + 1))
    return denominator ? Number(text.slice(0, slash)) / denominator : null
  }
  if (/^\d{1,3}(,\d{3})+$/.test(text)) return Number(text.replace(/,/g, ''))
  const value = Number(text.replace(',', '.'))
  return Number.isFinite(value) ? value : null
}

/** Whether a piece starts with a letter; ASCII answered without a regular expression. */
function isLetter(code: number, text: string): boolean {
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true
  return code > 127 && /^[\p{L}\p{M}]/u.test(text)
}

function rawTokens(line: string): Token[] {
  const tokens: Token[] = []
  for (const match of line.matchAll(piecePattern)) {
    const text = match[0]
    const start = match.index
    const end = start + text.length
    const first = text.charCodeAt(0)
    const numeric =
      (first >= 48 && first <= 57) || (first === 46 && text.length > 1) || vulgarFractionValues[text] !== undefined
    const value = numeric ? amountOf(text) : null
    if (value !== null) tokens.push({ text, start, end, kind: 'amount', value })
    else if (isLetter(first, text)) tokens.push({ text, start, end, kind: 'word' })
    else tokens.push({ text, start, end, kind: 'punctuation' })
  }
  return tokens
}

const isFractionText = (text: string) => /[/⁄]/.test(text) || vulgarFractionValues[text] !== undefined
// "or" joins a range only between two amounts ("2 or 3 pears"); "1 cup or 2 tablespoons" keeps its alternative.
const rangeWords = new Set(['to', 'or', 'tot', 'bis', 'à', '-', '–', '—'])
const dashes = new Set(['-', '–', '—'])

/** Glues "1 1/2" and "1½" into one amount, then "2-3" and "2 to 3" into one range. */
function mergedAmounts(tokens: Token[], line: string): Token[] {
  const mixed: Token[] = []
  for (const token of tokens) {
    const previous = mixed[mixed.length - 1]
    if (
      previous?.kind === 'amount' &&
      token.kind === 'amount' &&
      Number.isInteger(previous.value) &&
      !isFractionText(previous.text) &&
      isFractionText(token.text) &&
      (token.value ?? 0) < 1 &&
      /^[ \u00a0]?$/.test(line.slice(previous.end, token.start))
    ) {
      mixed[mixed.length - 1] = {
        text: line.slice(previous.start, token.end),
        start: previous.start,
        end: token.end,
        kind: 'amount',
        value: (previous.value ?? 0) + (token.value ?? 0),
      }
    } else mixed.push(token)
  }
  const ranged: Token[] = []
  for (let index = 0; index < mixed.length; index++) {
    const low = mixed[index]!
    const joinerLength = rangeJoinerLength(mixed, index + 1, low)
    const high = mixed[index + 1 + joinerLength]
    if (
      low.kind === 'amount' &&
      joinerLength > 0 &&
      high?.kind === 'amount' &&
      (high.value ?? 0) > (low.value ?? 0) &&
      low.value2 === undefined
    ) {
      ranged.push({
        text: line.slice(low.start, high.end),
        start: low.start,
        end: high.end,
        kind: 'amount',
        value: low.value ?? 0,
        value2: high.value ?? 0,
      })
      index += 1 + joinerLength
    } else ranged.push(low)
  }
  return ranged
}

/**
 * How many tokens from `index` join a range: one range word ("to", "or", a dash), or a dash touching the low amount
 * and then a range word, as in "One 13- to 14-ounce can", where the dash carries the unit written once after the high
 * amount. Read apart, the line gave the food "13 coconut milk" and the unit "ounce can".
 */
function rangeJoinerLength(tokens: readonly Token[], index: number, low: Token): number {
  const joiner = tokens[index]
  if (!joiner) return 0
  const next = tokens[index + 1]
  if (dashes.has(joiner.text) && joiner.start === low.end && next && rangeWords.has(next.text.toLowerCase())) return 2
  return rangeWords.has(joiner.text.toLowerCase()) ? 1 : 0
}

/** The tokens of one ingredient line. Never throws; an empty or blank line gives no tokens. */
export function tokenise(line: string): Token[] {
  if (!line) return []
  return mergedAmounts(rawTokens(line), line)
}
