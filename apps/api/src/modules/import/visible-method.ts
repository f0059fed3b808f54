import { isTag } from 'domhandler'
import { numbersStep, stepNumber, type ScrapedStep } from './instructions.js'
import { compactText } from './line-matching.js'
import {
  elementsWhere,
  headingTags,
  isHidden,
  lineText,
  listItems,
  visibleText,
  type Element,
  type PageDocument,
} from './page-document.js'
import { cleanLine } from './text-cleaning.js'
import { emphasisHeading } from './ingredient-groups.js'
import { ruleOn } from './page-rules.js'

/**
 * The method a page shows as headed prose when no heading names it "Method": the paragraphs after the first heading
 * that follows the ingredient list ("Making the tart", then "Baking it"). Read only where the structured data gives
 * no real method, since prose after a list is not always one.
 */

/** Headings after which the method is over: notes, tips, serving ideas, reader comments. */
const notMethodHeading =
  /^(?:notes?|tips?|tip:|variations?|serving|nutrition|reviews?|comments?|faq|opmerking|tips en|variatie|voedingswaarde|reacties|hinweis|tipps?|nährwerte|kommentare|astuces?|conseils?|commentaires?)\b/i
/** How far past the ingredient list the method's heading may be, in elements (an advert block sits between). */
const widestLookahead = 200

const headingLevel = (element: Element) => Number(element.name[1])

/** The text of the next heading among the element's later siblings, or "". */
function nextHeadingText(element: Element): string {
  for (let node = element.next; node; node = node.next)
    if (isTag(node) && headingTags.has(node.name)) return lineText(node)
  return ''
}

/** A paragraph that is all bold works as a heading ("<p><strong>For the glaze</strong></p>"). */
function isBoldLabel(element: Element): boolean {
  if (element.name !== 'p') return false
  const text = lineText(element)
  const bold = elementsWhere(element.children, (child) => child.name === 'strong' || child.name === 'b')
  return emphasisHeading(text) && bold.map(lineText).join(' ').trim() === text
}

/**
 * The steps under `heading`: its later siblings' paragraphs (one step per line the page shows) and list items, until
 * a heading of a higher level, one that starts notes or tips, or one that breaks a run of numbered sub-headings
 * ("Step 1: …", "Step 2: …", then "Storage"). A later heading, or a paragraph all in bold, is the
 * title of the steps after it; one with no steps after it (a photo credit) is dropped.
 */
export function methodUnder(heading: Element): ScrapedStep[] {
  const siblings: Element[] = []
  // The level of sub-headings that number the steps ("Step 1: Cook the bacon"). After them, a heading as high that
  // does not number a step ends the method, unless it heads another run of numbered steps ("Method for the sauce").
  let numberedLevel: number | undefined
  for (let node = heading.next; node; node = node.next) {
    if (!isTag(node) || isHidden(node)) continue
    if (headingTags.has(node.name)) {
      const text = lineText(node)
      const level = headingLevel(node)
      if (level < headingLevel(heading) || (ruleOn('notes-end-method') && notMethodHeading.test(text))) break
      if (numbersStep(text)) numberedLevel = level
      else if (
        ruleOn('numbered-subheadings') &&
        numberedLevel !== undefined &&
        level <= numberedLevel &&
        !numbersStep(nextHeadingText(node))
      )
        break
    }
    siblings.push(node)
  }
  // A method set as a list has its steps in the list; paragraphs around it are an introduction, notes or credits.
  const isList = (element: Element) => element.name === 'ol' || element.name === 'ul'
  const asList =
    ruleOn('method-as-list') && siblings.some((element) => isList(element) && listItems(element).length > 0)
  const steps: ScrapedStep[] = []
  let title = ''
  const push = (text: string) => {
    const clean = cleanLine(text)
    if (clean === '') return
    steps.push({ title, text: clean })
    title = ''
  }
  for (const element of siblings) {
    const text = lineText(element)
    if (headingTags.has(element.name)) {
      if (!stepNumber.test(text)) title = text
    } else if (isBoldLabel(element)) {
      title = text
    } else if (asList ? isList(element) : element.name === 'p') {
      const lines = asList ? listItems(element) : visibleText(element).split('\n')
      for (const line of lines) push(line)
    }
  }
  return steps
}

/**
 * The method under the first heading after the page's ingredient list (found by its last line), or none. The heading
 * only introduces the method, so it titles nothing.
 */
export function methodAfterIngredients(document: PageDocument, ingredientLines: string[]): ScrapedStep[] {
  const last = compactText(ingredientLines.at(-1) ?? '')
  if (last === '') return []
  const elements = elementsWhere(document, () => true)
  const listed = elements.findIndex((element) => element.name === 'li' && compactText(lineText(element)) === last)
  if (listed === -1) return []
  for (const element of elements.slice(listed + 1, listed + 1 + widestLookahead)) {
    if (!headingTags.has(element.name) || element.name === 'h1' || isHidden(element)) continue
    if (notMethodHeading.test(lineText(element))) continue
    const steps = methodUnder(element)
    if (steps.length > 0) return steps
  }
  return []
}
