import { amountTokensInNote, lineAmounts, unitAmountIndex } from './line-amounts.js'
import { cleanedLine } from './parse-ingredient.js'
import type { Label } from './sequence-model.js'
import { numberWordValue, tokenise, type Token } from './tokenise.js'
import { canonicalUnitName } from './unit-vocabulary.js'

/**
 * The labelled ingredient lines of the corpus (`input,name,quantity,unit,size,preparation,comment,purpose`, one
 * answer per column, corpus README) turned into what training and the benchmark need: a label per token, the
 * expected answer per line and the fixed validation split.
 */
export interface LabelledLine {
  input: string
  name: string
  quantity: string
  unit: string
  size: string
  preparation: string
  comment: string
  purpose: string
}

/** Rows of a CSV text (RFC 4180: quoted fields, doubled quotes, newlines inside quotes). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (character === '"') quoted = false
      else field += character
    } else if (character === '"') quoted = true
    else if (character === ',') {
      row.push(field)
      field = ''
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += character
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** The labelled lines of one corpus CSV; the input column may be called `input` or `sentence`. */
export function labelledLines(csvText: string): LabelledLine[] {
  const [header, ...rows] = csvRows(csvText)
  if (!header) return []
  const column = (name: string) => header.indexOf(name)
  const inputColumn = column('input') >= 0 ? column('input') : column('sentence')
  const read = (row: string[], name: string) => (column(name) >= 0 ? (row[column(name)] ?? '') : '')
  return rows
    .filter((row) => (row[inputColumn] ?? '').trim())
    .map((row) => ({
      input: row[inputColumn] ?? '',
      name: read(row, 'name'),
      quantity: read(row, 'quantity'),
      unit: read(row, 'unit'),
      size: read(row, 'size'),
      preparation: read(row, 'preparation'),
      comment: read(row, 'comment'),
      purpose: read(row, 'purpose'),
    }))
}

/** FNV-1a over the UTF-16 code units: stable across runs, machines and Node versions. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** The fixed validation split: about one line in ten, chosen by its text, never trained on. */
export const isValidationLine = (input: string) => stableHash(input) % 10 === 0

/**
 * Plurals that turn an f into a v. Only these: folding every "-ves" to "-f" made "cloves" and "clove" two words, so
 * the corpus's "cloves" (the spice) went unlabelled in training and "¼ teaspoon ground cloves" gave the food "ground".
 */
const fPlurals: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  halves: 'half',
  loaves: 'loaf',
  knives: 'knife',
  shelves: 'shelf',
  calves: 'calf',
  wolves: 'wolf',
}

/** A word as the comparisons see it: lower-case, no dots, crudely singular ("leaves" ~ "leaf", "cubes" ~ "cube"). */
export function comparableWord(word: string): string {
  const lower = word.toLowerCase().replace(/[.]/g, '')
  if (lower.length <= 3) return lower
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`
  const fPlural = fPlurals[lower]
  if (fPlural) return fPlural
  if (/(ches|shes|oes|sses|xes)$/.test(lower)) return lower.slice(0, -2)
  if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1)
  return lower
}

/** The comparable words of a text, punctuation left out. */
export function comparableWords(text: string): string[] {
  return tokenise(text)
    .filter((token) => token.kind !== 'punctuation')
    .map((token) => comparableWord(token.text))
}

/** "#1$2" → 0.5, "5#1$4" → 5.25, "2-3" → [2, 3], "8x" → 8, "One" → 1; null when it is no number ("few"). */
export function corpusQuantity(text: string): { value: number; value2: number | null } | null {
  const [low, high] = text.split(/-(?=[\d#])/)
  const one = (part: string | undefined): number | null => {
    if (!part) return null
    const cleaned = part.replace(/x$/i, '')
    const fraction = /^(\d*)#(\d+)\$(\d+)$/.exec(cleaned)
    if (fraction) return Number(fraction[1] || 0) + Number(fraction[2]) / Number(fraction[3])
    if (/^\d*\.?\d+$/.test(cleaned)) return Number(cleaned)
    return numberWordValue(cleaned)
  }
  const value = one(low)
  if (value === null) return null
  return { value, value2: one(high) }
}

/** The expected answer of a line, in the words the benchmark compares. */
export interface ExpectedAnswer {
  quantity: number | null
  quantity2: number | null
  unit: string | null
  foodWords: string[]
  noteWords: string[]
}

/**
 * The unit of the line's first quantity and the words of the amounts that belong in the note, read from the labelled
 * tokens by the parser's own rules (`unitAmountIndex`, `amountTokensInNote`): the corpus lists every amount and unit
 * of the line in order, so its first unit may belong to a later amount ("8 x 450g lobsters" counts lobsters, "12
 * (100g) mushrooms" mushrooms, not grams), and an amount the quantity and unit cannot hold ("1 (15 oz) can") has to
 * be kept in the note to be kept at all.
 */
function expectedAmounts(line: LabelledLine): { unit: string | null; noteWords: string[] } {
  const { tokens, labels } = tokenLabels(line)
  const amounts = lineAmounts(
    cleanedLine(line.input),
    tokens.map((token, index) => ({ token, label: labels[index]!, confidence: 1 })),
  )
  const index = unitAmountIndex(amounts)
  const inNote = [...amountTokensInNote(amounts, index)].filter((item) => item.token.kind !== 'punctuation')
  return {
    unit: index < 0 ? null : (amounts[index]!.amount.unit ?? null),
    noteWords: inNote.flatMap((item) => comparableWords(item.token.text)),
  }
}

export function expectedAnswer(line: LabelledLine): ExpectedAnswer {
  const quantity = corpusQuantity(line.quantity.trim().split(/\s+/)[0] ?? '')
  const amounts = expectedAmounts(line)
  return {
    quantity: quantity?.value ?? null,
    quantity2: quantity?.value2 ?? null,
    unit: amounts.unit,
    foodWords: comparableWords(line.name),
    noteWords: [
      ...[line.size, line.preparation, line.comment, line.purpose].flatMap(comparableWords),
      ...amounts.noteWords,
    ],
  }
}

/** Takes one occurrence of `word` out of `pool`; says whether it was there. */
function take(pool: string[], word: string): boolean {
  const index = pool.indexOf(word)
  if (index < 0) return false
  pool.splice(index, 1)
  return true
}

/**
 * A label for every token of the line, found by matching each token against the columns (amounts against the
 * quantities, words against the unit, name, size, preparation, comment and purpose, in that order, each column's
 * words used once). Tokens no column claims are OTHER ("x" of "8 x 450g", the "/" between two amounts is PUNC).
 */
export function tokenLabels(line: LabelledLine): { tokens: Token[]; labels: Label[] } {
  const tokens = tokenise(cleanedLine(line.input))
  const quantities = line.quantity.trim().split(/\s+/).filter(Boolean).map(corpusQuantity)
  const quantityWords = line.quantity
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
  const unitWords = line.unit.trim().split(/\s+/).filter(Boolean)
  const pools: [Label, string[]][] = [
    ['NAME', comparableWords(line.name)],
    ['SIZE', comparableWords(line.size)],
    ['PREP', comparableWords(line.preparation)],
    ['COMMENT', comparableWords(line.comment)],
    ['PURPOSE', comparableWords(line.purpose)],
  ]
  const labels = tokens.map((token): Label => {
    if (token.kind === 'punctuation') return 'PUNC'
    if (token.kind === 'amount') {
      const index = quantities.findIndex(
        (quantity) =>
          quantity !== null &&
          Math.abs(quantity.value - (token.value ?? NaN)) < 1e-6 &&
          (quantity.value2 ?? undefined) === token.value2,
      )
      if (index >= 0) {
        quantities.splice(index, 1, null)
        return 'QTY'
      }
    } else if (take(quantityWords, token.text.toLowerCase())) return 'QTY'
    if (token.kind === 'word') {
      const canonical = canonicalUnitName(token.text)
      const unitIndex = unitWords.findIndex(
        (word) =>
          comparableWord(word) === comparableWord(token.text) ||
          (canonical !== null && canonicalUnitName(word) === canonical),
      )
      if (unitIndex >= 0) {
        unitWords.splice(unitIndex, 1)
        return 'UNIT'
      }
    }
    const word = comparableWord(token.text)
    for (const [label, pool] of pools) if (take(pool, word)) return label
    return 'OTHER'
  })
  return { tokens, labels }
}
