import type { ScrapedIngredient } from './ingredient-groups.js'
import { compactText, listAgreement, pairedLines } from './line-matching.js'
import type { IngredientListCandidate } from './visible-ingredients.js'
import { ruleOn } from './page-rules.js'

/**
 * Which ingredient lines to keep when the structured data and the page both list them. Structured data is usually
 * right, and where it only sets a line differently from the page ("1/2" for "½", "tsp" for "teaspoon", notes left
 * out) it stays. The list the page shows (or holds in its app state) wins when it is clearly the same list — most
 * lines pair up by their words — and it mends something the structured data garbled: everything in one string, the
 * first group only, group headings listed as ingredients or dropped, brackets doubled, quantities lost or moved behind
 * the name, a second measure dropped. A
 * shown list that does not agree (a teaser, a shopping widget, another recipe) is never taken.
 */

/** Share of lines that must pair up for a shown list to count as the same list. */
const sameList = 0.75

/** The structured data wrote the whole list as one or two strings that hold every shown line. */
function isRunTogether(structured: string[], shown: string[]): boolean {
  if (!ruleOn('shown-list-run-together') || structured.length > 2 || shown.length < 3 * structured.length) return false
  const text = compactText(structured.join(' '))
  return shown.every((line) => text.includes(compactText(line)))
}

/** The structured lines are the shown list's first lines, word for word, and the shown list goes on (more groups). */
function stopsEarly(structured: string[], shown: string[]): boolean {
  return (
    ruleOn('shown-list-stops-early') &&
    structured.length >= 2 &&
    shown.length > structured.length &&
    structured.every((line, index) => compactText(line) === compactText(shown[index]!))
  )
}

/** Brackets a generator doubled or opened on a comma: "((1/2 cup))", "(, chopped)". */
const garbledBrackets = /\(\s*[(,]|\)\s*\)/
const startsWithQuantity = (line: string) => /^\s*[\d\u00bc-\u00be\u2150-\u215e]/.test(line)
const hasQuantity = (line: string) => /[\d\u00bc-\u00be\u2150-\u215e]/.test(line)

/** The bracketed second measure right after a line's quantity and unit: "(375 mL)" in "1 ½ cups (375 mL) cream". */
function secondMeasureOf(line: string): string | undefined {
  return /^[\d\s\u00bc-\u00be\u2150-\u215e./-]+\p{L}+\.?\s*(\(\s*[\d.,/\s]+\s*\p{L}+\.?\s*\))/u.exec(line)?.[1]
}

/**
 * What is wrong with a structured line that its shown twin gets right: garbled brackets, a quantity lost,
 * or the quantity moved behind the name ("verse ravioli 500gr" for "500 gr verse ravioli"). Typesetting alone ("½"
 * for "1/2", "tsp" for "teaspoon", notes the structured data left out) is no defect: the structured line stays.
 */
function isGarbled(structured: string, shown: string): boolean {
  if (ruleOn('shown-list-garbled-brackets') && garbledBrackets.test(structured) && !garbledBrackets.test(shown))
    return true
  if (ruleOn('shown-list-lost-quantity') && !hasQuantity(structured) && startsWithQuantity(shown)) return true
  // The page gives the amount in two measures ("1 ½ cups (375 mL) cream"), the structured data in one.
  const secondMeasure = secondMeasureOf(shown)
  if (
    ruleOn('shown-list-second-measure') &&
    secondMeasure &&
    !compactText(structured).includes(compactText(secondMeasure))
  )
    return true
  // "Butter: 120 g" puts the quantity last on purpose.
  const quantityLast = !startsWithQuantity(structured) && hasQuantity(structured) && !/:/.test(structured)
  return ruleOn('shown-list-quantity-moved') && quantityLast && startsWithQuantity(shown)
}

/** Words of three letters or more, lower case: "of", "g" or "ml" tell nothing apart. */
const wordsOf = (line: string) => line.toLowerCase().match(/\p{L}{3,}/gu) ?? []

/** Whether a shown line has none of the structured list's words. */
function hasForeignLines(structured: string[], shown: string[]): boolean {
  const known = new Set(structured.flatMap(wordsOf))
  return shown.some((line) => {
    const words = wordsOf(line)
    return words.length > 0 && !words.some((word) => known.has(word))
  })
}

/**
 * The shown list mends the structured one: it agrees with it and fixes what the structured data garbled, or shows as
 * a group's heading what the structured data lists as an ingredient.
 */
function mends(structured: string[], shown: ScrapedIngredient[]): boolean {
  const shownLines = shown.map(({ line }) => line)
  if (isRunTogether(structured, shownLines) || stopsEarly(structured, shownLines)) return true
  const headings = new Set(
    ruleOn('shown-list-heading-as-line') ? shown.map(({ title }) => compactText(title)).filter(Boolean) : [],
  )
  const ingredients = structured.filter((line) => !headings.has(compactText(line)))
  if (listAgreement(ingredients, shownLines) < sameList) return false
  if (ingredients.length < structured.length) return true
  // Shown lines that share no word with the structured list are what the page put around its list: nutrition rows,
  // equipment, a card's header. The structured list, garbled or not, has none of them.
  if (ruleOn('shown-list-no-extras') && hasForeignLines(structured, shownLines)) return false
  return pairedLines(structured, shownLines).some(([a, b]) => isGarbled(a, b))
}

/**
 * The shown list is the structured one, line for line (letter case aside), and gives it the groups the structured
 * data lost: the headings are the mend.
 */
function addsGroups(structured: ScrapedIngredient[], shown: ScrapedIngredient[]): boolean {
  return (
    ruleOn('shown-list-adds-groups') &&
    structured.length === shown.length &&
    structured.every(({ title }) => title === '') &&
    shown.some(({ title }) => title !== '') &&
    shown.every(({ line }, index) => line.toLowerCase() === structured[index]!.line.toLowerCase())
  )
}

/** The shown list that mends the structured lines, when one does; else the structured lines. */
export function chooseIngredients(
  structured: ScrapedIngredient[],
  candidates: IngredientListCandidate[],
): { lines: ScrapedIngredient[]; fromPage: boolean } {
  const structuredLines = structured.map(({ line }) => line)
  for (const candidate of candidates) {
    if (mends(structuredLines, candidate.lines) || addsGroups(structured, candidate.lines))
      return { lines: candidate.lines, fromPage: true }
  }
  return { lines: structured, fromPage: false }
}
