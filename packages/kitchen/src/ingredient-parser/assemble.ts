import type { Label } from './sequence-model.js'
import type { Token } from './tokenise.js'
import { numberWordValue } from './tokenise.js'

/** One amount of a line: "150g" and "5½oz" of "150g/5½oz butter" are two. */
export interface ParsedAmount {
  quantity: number | null
  /** The top of a range ("2-3" → 3), or null. */
  quantity2: number | null
  unit: string | null
}

/** How sure the parser is of each part, 0–1, or null for a part the line does not have. */
export interface PartConfidence {
  average: number | null
  quantity: number | null
  unit: number | null
  food: number | null
  comment: number | null
}

/** What the parser makes of one ingredient line. */
export interface ParsedIngredientLine {
  /** The line as given. */
  input: string
  /** A section heading ("For the sauce:") rather than an ingredient; then only `title` is filled. */
  title: string | null
  quantity: number | null
  quantity2: number | null
  /** The unit as written ("tbsp", "EL"); `canonicalUnitName` gives its standard name. */
  unit: string | null
  food: string | null
  /** Size, preparation, comment and purpose, in the order the line has them. */
  note: string
  /** Every amount of the line, the first one being `quantity`/`unit`. */
  amounts: ParsedAmount[]
  confidence: PartConfidence
}

export interface LabelledToken {
  token: Token
  label: Label
  confidence: number
}

const round = (value: number) => Math.round(value * 1000) / 1000
const mean = (values: number[]) =>
  values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length) : null

/** The text of runs of tokens: neighbours joined as the line wrote them, runs split by other tokens joined by `separator`. */
function textOfRuns(
  line: string,
  all: readonly LabelledToken[],
  chosen: (item: LabelledToken) => boolean,
  separator: string,
): string {
  const runs: string[] = []
  let runStart = -1
  let runEnd = -1
  let gapIsPunctuation = true
  const close = () => {
    if (runStart >= 0) runs.push(line.slice(runStart, runEnd))
    runStart = -1
  }
  for (const item of all) {
    if (chosen(item)) {
      if (runStart >= 0 && !gapIsPunctuation) close()
      if (runStart < 0) runStart = item.token.start
      runEnd = item.token.end
      gapIsPunctuation = true
    } else if (runStart >= 0 && !(item.label === 'PUNC' && /^[,;&]$/.test(item.token.text))) {
      gapIsPunctuation = false
    }
  }
  close()
  return runs.map(cleanedPart).filter(Boolean).join(separator)
}

/** Trims punctuation left at the edges of a part, and parentheses that lost their partner. */
function cleanedPart(text: string): string {
  let part = text.replace(/^[\s,;:.\-–]+|[\s,;:\-–]+$/g, '')
  if (!part.includes('(') && !part.includes(')')) return part
  const opens = (part.match(/\(/g) ?? []).length
  const closes = (part.match(/\)/g) ?? []).length
  if (opens !== closes) part = part.replace(/[()]/g, '').trim()
  if (/^\(.*\)$/.test(part) && opens === 1) part = part.slice(1, -1).trim()
  return part
}

function amountValue(token: Token): number | null {
  if (token.kind === 'amount') return token.value ?? null
  return numberWordValue(token.text)
}

function amountsOf(
  line: string,
  items: readonly LabelledToken[],
): { amounts: ParsedAmount[]; confidences: number[][] } {
  const amounts: ParsedAmount[] = []
  const confidences: number[][] = []
  let current: {
    amount: ParsedAmount
    unitStart: number
    unitEnd: number
    unitConfidences: number[]
    quantityConfidences: number[]
  } | null = null
  const finish = () => {
    if (!current) return
    if (current.unitStart >= 0) current.amount.unit = line.slice(current.unitStart, current.unitEnd)
    amounts.push(current.amount)
    confidences.push([...current.quantityConfidences, -1, ...current.unitConfidences])
    current = null
  }
  let previousLabel: Label | null = null
  for (const item of items) {
    if (item.label === 'QTY') {
      const value = amountValue(item.token)
      if (
        current &&
        previousLabel === 'QTY' &&
        current.unitStart < 0 &&
        current.amount.quantity !== null &&
        value !== null
      ) {
        // Two amount tokens in a row with no unit between ("1 one-pound"): the first one is the amount.
        current.quantityConfidences.push(item.confidence)
      } else {
        finish()
        current = {
          amount: { quantity: value, quantity2: item.token.value2 ?? null, unit: null },
          unitStart: -1,
          unitEnd: -1,
          unitConfidences: [],
          quantityConfidences: [item.confidence],
        }
      }
    } else if (item.label === 'UNIT') {
      if (current && current.unitStart >= 0 && previousLabel !== 'UNIT') finish()
      current ??= {
        amount: { quantity: null, quantity2: null, unit: null },
        unitStart: -1,
        unitEnd: -1,
        unitConfidences: [],
        quantityConfidences: [],
      }
      if (current.unitStart < 0) current.unitStart = item.token.start
      current.unitEnd = item.token.end
      current.unitConfidences.push(item.confidence)
    }
    previousLabel = item.label
  }
  finish()
  return { amounts, confidences }
}

const headingPattern = /:\s*$/

/** Turns labelled tokens into the parts of an ingredient. */
export function assembleIngredient(line: string, items: readonly LabelledToken[]): ParsedIngredientLine {
  const hasAmount = items.some((item) => item.token.kind === 'amount')
  if (items.length > 0 && !hasAmount && headingPattern.test(line) && line.length <= 80) {
    return {
      input: line,
      title: line.replace(headingPattern, '').trim(),
      quantity: null,
      quantity2: null,
      unit: null,
      food: null,
      note: '',
      amounts: [],
      confidence: { average: null, quantity: null, unit: null, food: null, comment: null },
    }
  }
  const { amounts, confidences } = amountsOf(line, items)
  const first = amounts[0]
  // "8 x 450g lobsters": the first amount counts, the first unit measures.
  const unitIndex = first?.unit ? 0 : amounts.findIndex((amount) => amount.unit)
  const unit = unitIndex >= 0 ? (amounts[unitIndex]!.unit ?? null) : null
  const firstConfidences = confidences[0] ?? []
  const unitConfidences = confidences[unitIndex] ?? []
  const quantityConfidence =
    first?.quantity != null ? mean(firstConfidences.slice(0, firstConfidences.indexOf(-1))) : null
  const unitConfidence = unit ? mean(unitConfidences.slice(unitConfidences.indexOf(-1) + 1)) : null
  const food = textOfRuns(line, items, (item) => item.label === 'NAME', ' ')
  const note = textOfRuns(
    line,
    items,
    (item) => item.label === 'SIZE' || item.label === 'PREP' || item.label === 'COMMENT' || item.label === 'PURPOSE',
    ', ',
  )
  const foodConfidence = food
    ? mean(items.filter((item) => item.label === 'NAME').map((item) => item.confidence))
    : null
  const noteLabels = new Set<Label>(['SIZE', 'PREP', 'COMMENT', 'PURPOSE'])
  const noteConfidence = note
    ? mean(items.filter((item) => noteLabels.has(item.label)).map((item) => item.confidence))
    : null
  const present = [quantityConfidence, unitConfidence, foodConfidence, noteConfidence].filter(
    (value): value is number => value !== null,
  )
  return {
    input: line,
    title: null,
    quantity: first?.quantity ?? null,
    quantity2: first?.quantity2 ?? null,
    unit,
    food: food || null,
    note,
    amounts,
    confidence: {
      average: mean(present),
      quantity: quantityConfidence,
      unit: unitConfidence,
      food: foodConfidence,
      comment: noteConfidence,
    },
  }
}
