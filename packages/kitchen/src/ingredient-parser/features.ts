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
    if (Number.isInteger(token.value)) return /[/⁄½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(token.text) ? '!frac' : '!int'
    return /[/⁄½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(token.text) ? '!frac' : '!dec'
  }
  const lower = token.text.toLowerCase()
  if (lower.length === 2 || lower.length === 3) return sizeOfAbbreviation(lower)
  return lower.includes('-') ? sizeOfCompound(lower) : lower
}

/**
 * Sizes written as compounds ("medium-size", "large-sized", "medium-large"): seen as their size word, which the model
 * knows from both corpora, where each compound alone is rare.
 */
function sizeOfCompound(word: string): string {
  const [first, second, third] = word.split('-')
  if (third !== undefined || !first || !second) return word
  if (second === 'size' || second === 'sized') return sizeWords.has(first) ? first : word
  return sizeWords.has(first) && (second === 'small' || second === 'large') ? first : word
}

/**
 * Size words as shopping lists and some sites shorten them ("2 lg eggs", "1 med onion"): seen as the word itself, so
 * that what the model learnt of "large" applies. The corpus spells sizes out, so the model never saw these.
 */
function sizeOfAbbreviation(word: string): string {
  switch (word) {
    case 'lg':
    case 'lge':
      return 'large'
    case 'md':
    case 'med':
      return 'medium'
    case 'sm':
    case 'sml':
      return 'small'
    case 'xl':
      return 'extra-large'
    default:
      return word
  }
}

/** Words that say how big each thing counted is (their abbreviations and compounds are read as them). */
export const sizeWords: ReadonlySet<string> = new Set([
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

const wordClasses = new Map<string, string>()

/** Two-word units ("fl oz", "fluid ounce"): the first word and the second words it pairs with. */
const twoWordStarts = new Set(['fl', 'fluid', 'c', 'cuillère', 'cuillères', 'cuil'])

/** The class of a word that drives most decisions: amount, unit, size, punctuation or plain word. */
function wordClass(token: Token, lower: string, next: Token | undefined): string {
  if (token.kind === 'amount') return 'A'
  if (token.kind === 'punctuation')
    return token.text === ',' ? ',' : token.text === '(' || token.text === ')' ? 'P' : '.'
  if (twoWordStarts.has(lower) && startsTwoWordUnit(token.text, next?.text)) return 'U'
  // Case matters for "T" (tablespoon) and "t" (teaspoon), so the cache is keyed by the text as written.
  let known = wordClasses.get(token.text)
  if (known === undefined) {
    known = isUnitWord(token.text) ? 'U' : sizeWords.has(lower) ? 'S' : numberWordValue(lower) !== null ? 'N' : 'W'
    if (wordClasses.size < 50_000) wordClasses.set(token.text, known)
  }
  return known
}

/**
 * The feature templates, in the order `lineFeatures` fills them. A feature's name in the weights file is
 * `<template>=<value>`; the parser looks values up per template, so that no feature string is built while parsing.
 */
export const featureTemplates = [
  'b',
  'w',
  'c',
  'p',
  'n',
  'pp',
  'nn',
  'pw',
  'wn',
  'cc',
  'cp',
  'cn',
  'c2',
  's3',
  's2',
  'pos',
  'paren',
  'comma',
  'commas',
  'seen',
  'cap',
  'p3',
  'shape',
] as const

/** A token's feature values, one per template (null when the template does not apply). */
export type FeatureValues = (string | null)[]

/** What the features of one token are made of; computed once per line for training and parsing alike. */
export interface TokenContext {
  word: string
  /** Word class: A amount, U unit, S size, N number word, W word, `,` comma, P parenthesis, `.` other mark. */
  wordClass: string
  isWord: boolean
  position: string
  paren: string
  comma: string
  commas: string
  seen: string
  cap: string | null
  /** position, paren, comma, commas, seen and cap as one number, for the parser's table of their summed rows. */
  situation: number
}

const positions = ['0', '1', '2', '3', 'e1', 'e2', 'm']
const forWords = new Set(['for', 'to', 'voor', 'pour', 'zum'])
/** Seen-so-far flags (amount, unit, "for"), as constant strings so that lookups hash nothing new. */
const seenValues = ['000', '001', '010', '011', '100', '101', '110', '111']

function startsUpperCase(text: string): boolean {
  const code = text.charCodeAt(0)
  if (code < 128) return code >= 65 && code <= 90
  return /^\p{Lu}/u.test(text)
}

/** The context of every token of a line. */
export function lineContext(tokens: readonly Token[]): TokenContext[] {
  const count = tokens.length
  let firstComma = -1
  for (let index = 0; index < count; index++) {
    if (tokens[index]!.text === ',') {
      firstComma = index
      break
    }
  }
  let depth = 0
  let commasBefore = 0
  let seenAmount = false
  let seenUnit = false
  let seenFor = false
  const contexts: TokenContext[] = []
  for (let index = 0; index < count; index++) {
    const token = tokens[index]!
    const word = featureWord(token)
    const here = wordClass(token, word, tokens[index + 1])
    if (token.text === '(') depth++
    const isWord = token.kind === 'word'
    const positionCode = index < 4 ? index : count - index === 1 ? 4 : count - index === 2 ? 5 : 6
    const commaCode = firstComma < 0 ? 0 : index < firstComma ? 1 : index === firstComma ? 2 : 3
    const seenCode = (seenAmount ? 4 : 0) + (seenUnit ? 2 : 0) + (seenFor ? 1 : 0)
    const capCode = isWord ? (startsUpperCase(token.text) ? 2 : 1) : 0
    contexts.push({
      word,
      wordClass: here,
      isWord,
      position: positions[positionCode]!,
      paren: depth > 0 ? '1' : '0',
      comma: firstComma < 0 ? 'none' : index < firstComma ? 'before' : index === firstComma ? 'at' : 'after',
      commas: commasBefore === 0 ? '0' : commasBefore === 1 ? '1' : '2',
      seen: seenValues[seenCode]!,
      cap: capCode === 0 ? null : capCode === 2 ? '1' : '0',
      situation:
        ((((positionCode * 2 + (depth > 0 ? 1 : 0)) * 4 + commaCode) * 3 + Math.min(commasBefore, 2)) * 8 + seenCode) *
          3 +
        capCode,
    })
    if (token.text === ')') depth = Math.max(0, depth - 1)
    if (token.text === ',') commasBefore++
    if (here === 'A') seenAmount = true
    if (here === 'U') seenUnit = true
    if (forWords.has(word)) seenFor = true
  }
  return contexts
}

/** The features that depend on the word alone (w, s3, s2, p3, shape), by template. */
export function ownWordValues(word: string, isWord: boolean): Partial<Record<FeatureTemplate, string>> {
  const values: Partial<Record<FeatureTemplate, string>> = { w: word }
  if (word.length > 3) values.s3 = word.slice(-3)
  if (word.length > 2) values.s2 = word.slice(-2)
  if (isWord && word.length > 3) values.p3 = word.slice(0, 3)
  if (isWord) values.shape = wordShape(word)
  return values
}

export type FeatureTemplate = (typeof featureTemplates)[number]

/**
 * Feature values of every token of a line, one per template (null when the template does not apply). Training
 * reads these; the parser computes the same sums faster from the same contexts (`compiled-model.ts`).
 */
export function lineFeatures(tokens: readonly Token[]): FeatureValues[] {
  const contexts = lineContext(tokens)
  const count = contexts.length
  return contexts.map((context, index) => {
    const word = context.word
    const previous = index > 0 ? contexts[index - 1]!.word : '<s>'
    const next = index + 1 < count ? contexts[index + 1]!.word : '</s>'
    const here = context.wordClass
    const before = index > 0 ? contexts[index - 1]!.wordClass : '<'
    const after = index + 1 < count ? contexts[index + 1]!.wordClass : '>'
    const own = ownWordValues(word, context.isWord)
    return [
      '1',
      word,
      here,
      previous,
      next,
      index > 1 ? contexts[index - 2]!.word : '<s>',
      index + 2 < count ? contexts[index + 2]!.word : '</s>',
      `${previous}|${word}`,
      `${word}|${next}`,
      before + here + after,
      before + here,
      here + after,
      (index > 1 ? contexts[index - 2]!.wordClass : '<') + before + here,
      own.s3 ?? null,
      own.s2 ?? null,
      context.position,
      context.paren,
      context.comma,
      context.commas,
      context.seen,
      context.cap,
      own.p3 ?? null,
      own.shape ?? null,
    ]
  })
}

/** Endings and marks that say what kind of word it is: adverb, participle, hyphenated. */
function wordShape(word: string): string {
  const ending = word.endsWith('ly') ? 'ly' : word.endsWith('ed') || word.endsWith('en') ? 'ed' : ''
  return ending + (word.includes('-') ? '-' : '')
}

/** The names of a token's features as the weights file writes them (`<template>=<value>`). */
export function featureNames(values: FeatureValues): string[] {
  const names: string[] = []
  values.forEach((value, template) => {
    if (value !== null) names.push(`${featureTemplates[template]}=${value}`)
  })
  return names
}
