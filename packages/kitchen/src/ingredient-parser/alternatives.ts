import type { LabelledToken } from './parsed-line.js'

/** Words after "or" that start an alternative with its own amount or article ("or 1 teaspoon dried", "or a leek"). */
const alternativeStarts = new Set(['a', 'an', 'some', 'other', 'any'])

const none: ReadonlySet<LabelledToken> = new Set()
const isOr = (text: string) => text.length === 2 && (text === 'or' || text.toLowerCase() === 'or')

/**
 * Where a list of alternatives that ends in ", or" begins: "ground beef, pork, or lamb" offers pork and lamb for the
 * beef, so the alternatives start at the first comma of the list of food words before the "or".
 */
function listStart(items: readonly LabelledToken[], orIndex: number): number {
  let start = orIndex
  for (let index = orIndex - 1; index > 0; index--) {
    const item = items[index]!
    if (item.token.text === ',') {
      if (items[index - 1]!.label === 'NAME') start = index
    } else if (item.label !== 'NAME') break
  }
  return start
}

/**
 * The tokens of the alternatives a line offers for its food, which belong in the note, not the food: "or" after a
 * comma ("dried bread, or bread crumbs") or an opening parenthesis ("pimenton (or smoked paprika)"), or "or" before
 * an amount or article ("2 spring onions or a small leek"). "Safflower or vegetable oil" names one food and stays.
 * In a list ("beef, pork, or lamb") the alternatives start at the list's first comma.
 * A parenthesised alternative ends at its parenthesis; the others run to the end of the line.
 */
export function alternativeTokens(items: readonly LabelledToken[]): ReadonlySet<LabelledToken> {
  if (!items.some((item) => isOr(item.token.text))) return none
  const alternative = new Set<LabelledToken>()
  let sawFood = false
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    if (item.label === 'NAME' && !isOr(item.token.text)) {
      sawFood = true
      continue
    }
    if (!sawFood || !isOr(item.token.text)) continue
    const before = items[index - 1]?.token.text
    const after = items[index + 1]?.token
    const inParentheses = before === '('
    const startsAlternative =
      before === ',' ||
      inParentheses ||
      (after !== undefined && (after.kind === 'amount' || alternativeStarts.has(after.text.toLowerCase())))
    if (!startsAlternative) continue
    for (let end = before === ',' ? listStart(items, index) : index; end < items.length; end++) {
      const next = items[end]!
      if (inParentheses && next.token.text === ')') break
      alternative.add(next)
    }
    if (!inParentheses) break
  }
  return alternative
}
