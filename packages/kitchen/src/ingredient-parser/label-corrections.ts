import type { LabelledToken } from './assemble.js'
import { numberWordValue } from './tokenise.js'
import { isUnitWord } from './unit-vocabulary.js'

/** Whether two neighbouring tokens touch, with no space between ("15" and "-" of "15-ounce"). */
const touching = (left: LabelledToken | undefined, right: LabelledToken | undefined) =>
  left !== undefined && right !== undefined && left.token.end === right.token.start

const isCount = (item: LabelledToken | undefined) =>
  item !== undefined && (item.token.kind === 'amount' || numberWordValue(item.token.text) !== null)

/**
 * An amount hyphened onto its unit after a count ("One 15-ounce can", "2 28-ounce cans", "Six 10-inch tortillas") is
 * the size of each thing counted: the count is the quantity and "15-ounce" an amount, never the food. The corpus the
 * model learnt from seldom writes sizes this way, so it has read "15" as the start of the food.
 */
export function labelHyphenedSizes(items: LabelledToken[]) {
  for (let index = 1; index + 2 < items.length; index++) {
    const amount = items[index]!
    const hyphen = items[index + 1]!
    const unit = items[index + 2]!
    if (amount.token.kind !== 'amount' || hyphen.token.text !== '-' || !isUnitWord(unit.token.text)) continue
    if (!touching(amount, hyphen) || !touching(hyphen, unit) || !isCount(items[index - 1])) continue
    items[index - 1]!.label = 'QTY'
    amount.label = 'QTY'
    hyphen.label = 'PUNC'
    unit.label = 'UNIT'
  }
}
