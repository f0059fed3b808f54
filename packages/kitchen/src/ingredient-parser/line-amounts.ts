import type { LabelledToken, ParsedAmount } from './parsed-line.js'
import type { Label } from './sequence-model.js'
import type { Token } from './tokenise.js'
import { numberWordValue } from './tokenise.js'

/** One amount of a line with the tokens it was read from. */
export interface LineAmount {
  amount: ParsedAmount
  /** Its quantity and unit tokens, in line order. */
  items: LabelledToken[]
  quantityConfidences: number[]
  unitConfidences: number[]
  /**
   * Whether it stands aside from the count, saying how big each thing counted is: inside parentheses ("2 (14.5 oz)
   * cans", "12 (100g) mushrooms") or hyphened onto its unit after the count ("2 14.5-oz cans", "6 10-inch tortillas").
   */
  aside: boolean
}

function amountValue(token: Token): number | null {
  if (token.kind === 'amount') return token.value ?? null
  return numberWordValue(token.text)
}

/** The amounts of a line in order: a quantity, the unit that follows it, or a unit alone ("garlic cloves"). */
export function lineAmounts(line: string, items: readonly LabelledToken[]): LineAmount[] {
  const amounts: LineAmount[] = []
  let current: LineAmount | null = null
  let unitStart = -1
  let unitEnd = -1
  let depth = 0
  const open = (quantity: number | null, quantity2: number | null, hyphened = false): LineAmount => {
    unitStart = -1
    return {
      amount: { quantity, quantity2, unit: null },
      items: [],
      quantityConfidences: [],
      unitConfidences: [],
      aside: depth > 0 || hyphened,
    }
  }
  const finish = () => {
    if (!current) return
    if (unitStart >= 0) current.amount.unit = line.slice(unitStart, unitEnd)
    amounts.push(current)
    current = null
  }
  let previousLabel: Label | null = null
  // The amount being read is a size hyphened onto its unit ("15-ounce"): its unit is one word, and a unit right
  // after it ("can") is the count's.
  let hyphened = false
  for (const [index, item] of items.entries()) {
    if (item.token.kind === 'punctuation') {
      if (item.token.text === '(') depth++
      else if (item.token.text === ')') depth = Math.max(0, depth - 1)
    }
    if (item.label === 'QTY') {
      const value = amountValue(item.token)
      if (current && previousLabel === 'QTY' && hyphenedOntoUnit(items, index)) {
        finish()
        current = open(value, item.token.value2 ?? null, true)
        current.quantityConfidences.push(item.confidence)
        hyphened = true
      } else if (
        current &&
        previousLabel === 'QTY' &&
        unitStart < 0 &&
        current.amount.quantity !== null &&
        value !== null
      ) {
        // Two amount tokens in a row with no unit between ("1 one-pound"): the first one is the amount.
        current.quantityConfidences.push(item.confidence)
      } else {
        finish()
        current = open(value, item.token.value2 ?? null)
        current.quantityConfidences.push(item.confidence)
        hyphened = false
      }
      current.items.push(item)
    } else if (item.label === 'UNIT') {
      if (current && unitStart >= 0 && (previousLabel !== 'UNIT' || hyphened)) {
        finish()
        hyphened = false
      }
      current ??= open(null, null)
      if (unitStart < 0) unitStart = item.token.start
      unitEnd = item.token.end
      current.unitConfidences.push(item.confidence)
      current.items.push(item)
    }
    previousLabel = item.label
  }
  finish()
  return amounts
}

/** Whether the amount at `index` is hyphened onto a unit: "15-ounce", "10-inch". */
function hyphenedOntoUnit(items: readonly LabelledToken[], index: number): boolean {
  const [amount, hyphen, unit] = [items[index], items[index + 1], items[index + 2]]
  return (
    amount !== undefined &&
    hyphen !== undefined &&
    unit !== undefined &&
    amount.token.kind === 'amount' &&
    hyphen.token.text === '-' &&
    unit.label === 'UNIT' &&
    amount.token.end === hyphen.token.start &&
    hyphen.token.end === unit.token.start
  )
}

/**
 * The amount whose unit measures the first quantity: the first amount's own unit, else a unit alone that follows it
 * with only parenthesised amounts between ("2 (14.5 oz) cans tomatoes" → cans). A unit that another amount owns is
 * never borrowed: "12 (100g) mushrooms" and "8 x 450g lobsters" count mushrooms and lobsters, not grams.
 */
export function unitAmountIndex(amounts: readonly LineAmount[]): number {
  const first = amounts[0]
  if (!first) return -1
  if (first.amount.unit || first.amount.quantity === null) return first.amount.unit ? 0 : -1
  for (let index = 1; index < amounts.length; index++) {
    const amount = amounts[index]!
    if (amount.amount.quantity === null && !amount.aside) return amount.amount.unit ? index : -1
    if (!amount.aside) return -1
  }
  return -1
}

const none: ReadonlySet<LabelledToken> = new Set()

/**
 * The tokens of the amounts that join the note. Other amounts are conversions ("150g/5½oz", "9 oz (250g)") unless the
 * first amount has no unit of its own ("1 (15 oz) can", "8 x 450g lobsters", "4 duck breasts, about 175g each"):
 * then they say what the quantity and unit do not.
 */
export function amountTokensInNote(amounts: readonly LineAmount[], unitIndex: number): ReadonlySet<LabelledToken> {
  const first = amounts[0]
  if (!first || first.amount.unit || amounts.length < 2) return none
  return new Set(amounts.filter((_, index) => index !== 0 && index !== unitIndex).flatMap((amount) => amount.items))
}
