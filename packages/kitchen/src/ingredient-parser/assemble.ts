import type { Label } from './sequence-model.js'
import type { LabelledToken, ParsedIngredientLine } from './parsed-line.js'
import { amountTokensInNote, lineAmounts, unitAmountIndex } from './line-amounts.js'
import { alternativeTokens } from './alternatives.js'
import { sureConfidence } from './sure-confidence.js'
import { partitiveWords } from './unit-vocabulary.js'

export type { LabelledToken, ParsedAmount, ParsedIngredientLine, PartConfidence } from './parsed-line.js'

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
      // A hyphen inside a word ("10-ounce", "2-percent") keeps the run whole.
      gapIsPunctuation = item.token.text === '-' && item.token.start === runEnd && gapIsPunctuation
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

/** The line confidence of a parse that leaves out a word of the line: below `sureConfidence` whatever the model says. */
const leftOutConfidence = 0.5

/**
 * How sure the parser is of the whole line: the product of its tokens' label confidences (about the chance that every
 * label is right, where the average of the parts hides one doubtful word), and never sure when a word of the line is
 * in no part (labelled OTHER: neither quantity, unit, food nor note shows it). The "x" of "8 x 450g" says nothing the
 * parts do not. Nor when a unit stands alone outside the parts. Other amounts are not left out: they are conversions
 * ("150g/5½oz", kept in `amounts`) or join the note (`amountTokensInNote`).
 */
/** Words a line may leave out of every part without losing anything: the "x" of "8 x 450g", the "of" of "2 cloves of garlic". */
const saysNothingMore = (item: LabelledToken) =>
  /^[x×]$/i.test(item.token.text) || partitiveWords.has(item.token.text.toLowerCase())

function lineConfidence(items: readonly LabelledToken[], unitLeftOut: boolean): number | null {
  let product = 1
  let counted = 0
  let leftOut = unitLeftOut
  for (const item of items) {
    if (item.label === 'PUNC') {
      leftOut ||= item.token.kind !== 'punctuation'
      continue
    }
    product *= item.confidence
    counted++
    if (item.label === 'OTHER' && item.token.kind !== 'punctuation' && !saysNothingMore(item)) leftOut = true
  }
  if (!counted) return null
  const confidence = Math.round(product * 1000) / 1000
  return leftOut ? Math.min(confidence, leftOutConfidence) : confidence
}

const noteLabels = new Set<Label>(['SIZE', 'PREP', 'COMMENT', 'PURPOSE'])

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
      sure: true,
    }
  }
  const amounts = lineAmounts(line, items)
  const first = amounts[0]
  const unitIndex = unitAmountIndex(amounts)
  const unitAmount = amounts[unitIndex]
  const unit = unitAmount?.amount.unit ?? null
  const quantityConfidence = first?.amount.quantity != null ? mean(first.quantityConfidences) : null
  const unitConfidence = unitAmount ? mean(unitAmount.unitConfidences) : null
  const extraInNote = amountTokensInNote(amounts, unitIndex)
  const alternatives = alternativeTokens(items)
  const food = textOfRuns(line, items, (item) => item.label === 'NAME' && !alternatives.has(item), ' ')
  const note = textOfRuns(
    line,
    items,
    (item) =>
      noteLabels.has(item.label) ||
      extraInNote.has(item) ||
      (alternatives.has(item) && item.label !== 'PUNC' && item.label !== 'OTHER'),
    ', ',
  )
  const foodConfidence = food
    ? mean(items.filter((item) => item.label === 'NAME').map((item) => item.confidence))
    : null
  const noteConfidence = note
    ? mean(items.filter((item) => noteLabels.has(item.label)).map((item) => item.confidence))
    : null
  // A unit standing alone that neither measures the quantity nor joins the note ("¼ tsp ground cloves" read as two
  // units) is a word the parts do not show.
  const unitLeftOut = amounts.some(
    (amount) =>
      amount.amount.quantity === null &&
      amount !== first &&
      amount !== unitAmount &&
      !amount.items.some((item) => extraInNote.has(item)),
  )
  // A line that offers another food ("baguette or other crusty bread") asks a person which one to link: the parser
  // has chosen the first, and sources differ on whether the alternative is part of the food's name.
  const lineAverage = lineConfidence(items, unitLeftOut)
  const average = lineAverage !== null && alternatives.size > 0 ? Math.min(lineAverage, leftOutConfidence) : lineAverage
  return {
    input: line,
    title: null,
    quantity: first?.amount.quantity ?? null,
    quantity2: first?.amount.quantity2 ?? null,
    unit,
    food: food || null,
    note,
    amounts: amounts.map((amount) => amount.amount),
    confidence: {
      average,
      quantity: quantityConfidence,
      unit: unitConfidence,
      food: foodConfidence,
      comment: noteConfidence,
    },
    sure: average !== null && average >= sureConfidence,
  }
}
