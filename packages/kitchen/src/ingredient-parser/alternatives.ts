import type { LabelledToken } from './assemble.js'

/** Words after "or" that start an alternative with its own amount or article ("or 1 teaspoon dried", "or a leek"). */
const alternativeStarts = new Set(['a', 'an', 'some', 'other', 'any'])

const none: ReadonlySet<LabelledToken> = new Set()
const isOr = (text: string) => text.length === 2 && (text === 'or' || text.toLowerCase() === 'or')

/**
 * The tokens of the alternatives a line offers for its food, which belong in the note, not the food: "or" after a
 * comma ("dried bread, or bread crumbs") or an opening parenthesis ("pimenton (or smoked paprika)"), or "or" before
 * an amount or article ("2 spring onions or a small leek"). "Safflower or vegetable oil" names one food and stays.
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
    for (let end = index; end < items.length; end++) {
      const next = items[end]!
      if (inParentheses && next.token.text === ')') break
      alternative.add(next)
    }
    if (!inParentheses) break
  }
  return alternative
}
