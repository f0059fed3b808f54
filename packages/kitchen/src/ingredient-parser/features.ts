import type { Token } from './tokenise.js'
import { isUnitWord, startsTwoWordUnit } from './unit-vocabulary.js'
import { numberWordValue } from './tokenise.js'

/**
 * The word a feature sees: lower-case, accents kept, amounts reduced to their shape so that "150" and "275" look
 * alike ("!int", "!dec", "!frac", "!range").
 */
export function featureWord(token: Token): string {
  if (token.kind === 'amount') {
    if (token.value2 !== undefined) return '!range'
    if (/[/⁄½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(token.text)) return '!frac'
    return /[.,]/.test(token.text) ? '!dec' : '!int'
  }
  return token.text.toLowerCase()
}

const sizeWords = new Set([
  'small',
  'medium',
  'large',
  'big',
  'extra-large',
  'jumbo',
  'thin',
  'thick',
  'heaped',
  'heaping',
  'level',
  'rounded',
  'scant',
  'generous',
  'good',
  'groot',
  'grote',
  'klein',
  'kleine',
  'groß',
  'große',
  'großer',
  'petit',
  'petite',
  'gros',
  'grosse',
])

/** The class of a word that drives most decisions: amount, unit, size, punctuation or plain word. */
function wordClass(token: Token, next: Token | undefined): string {
  if (token.kind === 'amount') return 'A'
  if (token.kind === 'punctuation') return token.text === ',' ? ',' : token.text === '(' || token.text === ')' ? 'P' : '.'
  const lower = token.text.toLowerCase()
  if (isUnitWord(token.text) || startsTwoWordUnit(token.text, next?.text)) return 'U'
  if (sizeWords.has(lower)) return 'S'
  if (numberWordValue(lower) !== null) return 'N'
  return 'W'
}

/**
 * Feature names of every token of a line. The same function serves training and parsing, so the weights file and
 * the parser can never disagree on what a feature means.
 */
export function lineFeatures(tokens: readonly Token[]): string[][] {
  const words = tokens.map(featureWord)
  const classes = tokens.map((token, index) => wordClass(token, tokens[index + 1]))
  const count = tokens.length
  const firstComma = tokens.findIndex((token) => token.text === ',')
  let depth = 0
  let commasBefore = 0
  let seenAmount = false
  let seenUnit = false
  let seenFor = false
  const features: string[][] = []
  for (let index = 0; index < count; index++) {
    const token = tokens[index]!
    const word = words[index]!
    if (token.text === '(') depth++
    const previous = words[index - 1] ?? '<s>'
    const previous2 = words[index - 2] ?? '<s>'
    const next = words[index + 1] ?? '</s>'
    const next2 = words[index + 2] ?? '</s>'
    const wordClassHere = classes[index]!
    const classBefore = classes[index - 1] ?? '<'
    const classAfter = classes[index + 1] ?? '>'
    const lower = word
    const list = [
      'b',
      `w=${word}`,
      `c=${wordClassHere}`,
      `p=${previous}`,
      `n=${next}`,
      `pp=${previous2}`,
      `nn=${next2}`,
      `pw=${previous}|${word}`,
      `wn=${word}|${next}`,
      `cc=${classBefore}${wordClassHere}${classAfter}`,
      `cp=${classBefore}${wordClassHere}`,
      `cn=${wordClassHere}${classAfter}`,
      `c2=${classes[index - 2] ?? '<'}${classBefore}${wordClassHere}`,
      `s3=${lower.slice(-3)}`,
      `s2=${lower.slice(-2)}`,
      `pos=${index < 4 ? index : count - index <= 2 ? `e${count - index}` : 'm'}`,
      `paren=${depth > 0 ? 1 : 0}`,
      `comma=${firstComma < 0 ? 'none' : index < firstComma ? 'before' : index === firstComma ? 'at' : 'after'}`,
      `commas=${Math.min(commasBefore, 2)}`,
      `seen=${seenAmount ? 1 : 0}${seenUnit ? 1 : 0}${seenFor ? 1 : 0}`,
    ]
    if (token.kind === 'word') {
      list.push(`cap=${/^\p{Lu}/u.test(token.text) ? 1 : 0}`, `p3=${lower.slice(0, 3)}`)
      if (/ly$/.test(lower)) list.push('adverb')
      if (/(ed|en)$/.test(lower)) list.push('participle')
      if (token.text.includes('-')) list.push('hyphen')
    }
    features.push(list)
    if (token.text === ')') depth = Math.max(0, depth - 1)
    if (token.text === ',') commasBefore++
    if (wordClassHere === 'A') seenAmount = true
    if (wordClassHere === 'U') seenUnit = true
    if (lower === 'for' || lower === 'to' || lower === 'voor' || lower === 'pour' || lower === 'zum')
      seenFor = true
  }
  return features
}
