import type { AnyNode } from 'domhandler'
import { isTag, isText } from 'domhandler'
import type { ScrapedIngredient } from './ingredient-groups.js'
import { bracketedNote, emphasisHeading, headingLine, isCardHeader, runTogetherLines } from './ingredient-groups.js'
import {
  classAndId,
  elementsWhere,
  headingTags,
  hiddenClass,
  isInside,
  lineText,
  type Element,
  type PageDocument,
} from './page-document.js'
import { cleanLine } from './text-cleaning.js'
import { endOfIngredients, ingredientHeading } from './visible-recipe.js'
import { ruleOn } from './page-rules.js'

/**
 * The ingredient lists a page shows, as candidates for page-recipe.ts to weigh against its structured data. Found by
 * the conventions recipe pages share, never by site: recipe-card plugins' markup (WP Recipe Maker, Tasty Recipes,
 * Mediavine Create, WP Ultimate Recipe, ZipList… all put "ingredient" in their class names), `itemprop` ingredients,
 * and any block whose class or id names ingredients. A group's heading becomes the title of its first line.
 */

/** Class or id words that mark an ingredient list or item ("ingredients", "wprm-recipe-ingredient", "zutaten"). */
const ingredientWord = /ingredien|zutat|ingrédient|ingrediënt|składnik|suroviny/
/** Class words of a group's heading inside a list, or of the emphasis pages give one ("bold", "label"). */
const groupHeadingClass =
  /group-name|group-title|heading|header|subtitle|sub-title|section-title|\btitle\b|[-_]title\b|\blabel\b|\bbold\b|\buline\b|underline/
const emphasisTags = new Set(['strong', 'b', 'u', 'em', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** Text hidden from sight but read to screen readers (a checkbox's "▢"). */
const screenReaderOnly = /(?:^|\s)(?:sr-only|screen-reader-text|visually-hidden|visuallyhidden)(?:\s|$)/

const isUnseen = (element: Element) =>
  (ruleOn('screen-reader-text') && screenReaderOnly.test(element.attribs.class ?? '')) ||
  hiddenClass.test(element.attribs.class ?? '') ||
  element.attribs.hidden !== undefined ||
  /display\s*:\s*none/i.test(element.attribs.style ?? '')

/**
 * The line a reader sees in an item: its text on one line, without screen-reader-only text or form controls. Walked
 * with a stack of its own (a deep item would overflow the call stack); a string on the stack is a block's closing
 * space.
 */
function itemText(item: Element): string {
  return cleanLine(itemLayout(item))
}

/** An item's text with a line break where a block or <br> inside it breaks it. */
function itemLayout(item: Element): string {
  const parts: string[] = []
  const stack: Array<AnyNode | string> = [item]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (typeof node === 'string' || isText(node)) {
      parts.push(typeof node === 'string' ? node : node.data)
      continue
    }
    if (!isTag(node) || isUnseen(node) || /^(?:input|button|script|style|svg)$/.test(node.name)) continue
    // A cell of only a symbol or an icon ("*", a camera) is decoration.
    if (
      ruleOn('decoration-cells') &&
      (node.name === 'td' || node.name === 'th') &&
      !/[\p{L}\p{N}]/u.test(lineText(node))
    )
      continue
    const block = node !== item && /^(?:div|p|br|li|td|th|dd|dt)$/.test(node.name)
    if (block) {
      parts.push('\n')
      stack.push('\n')
    }
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
  return parts.join('')
}

/**
 * A WP Recipe Maker item from its parts: amount, unit, name and notes. WPRM shows notes apart (faded, or after a
 * comma); on one line they go in brackets, as WPRM's own structured data writes them.
 */
function pluginItemText(item: Element): string {
  const part = (name: string) => {
    const [element] = elementsWhere(item, (child) => (child.attribs.class ?? '').split(/\s+/).includes(name))
    return element ? itemText(element) : ''
  }
  const name = part('wprm-recipe-ingredient-name')
  if (name === '') return itemText(item)
  return [
    part('wprm-recipe-ingredient-amount'),
    part('wprm-recipe-ingredient-unit'),
    name,
    bracketedNote(part('wprm-recipe-ingredient-notes')),
  ]
    .filter((text) => text !== '')
    .join(' ')
}

const innermost = (elements: Element[]) => {
  const set = new Set(elements)
  return elements.filter((element) => !elementsWhere(element.children, (child) => set.has(child)).length)
}

const looksLikeHeading = (element: Element) =>
  emphasisTags.has(element.name) || groupHeadingClass.test(element.attribs.class ?? '')

/**
 * A heading inside a list: a heading tag, a line like "For the sauce:", or a line without a quantity that is all
 * emphasis (an element whose class says heading, bold or label, or a <strong> holding all its text).
 */
function isGroupHeading(element: Element, text: string): boolean {
  if (text === '' || text.length > 80) return false
  if (headingTags.has(element.name) || headingLine(text)) return true
  return (
    emphasisHeading(text) &&
    (looksLikeHeading(element) ||
      elementsWhere(element.children, (child) => looksLikeHeading(child) && itemText(child) === text).length > 0)
  )
}

/**
 * A table's header row ("Menge | Zutaten"): a header cell over each column. One header cell across the row heads a
 * group ("For the sauce").
 */
const isHeaderRow = (row: Element) => {
  const cells = row.children.filter(isTag).filter((cell) => cell.name === 'td' || cell.name === 'th')
  return ruleOn('table-header-row') && cells.length > 1 && cells.every((cell) => cell.name === 'th')
}

const isMarkedIngredient = (element: Element) =>
  /^(?:recipeIngredient|ingredients)$/.test(element.attribs.itemprop ?? '')

/**
 * The lines of one list block: its items (innermost `li`, else table rows, else `itemprop` ingredients) in document
 * order, with the headings between them as group titles.
 */
function linesOfBlock(block: Element): ScrapedIngredient[] {
  let items = innermost(elementsWhere(block.children, (element) => element.name === 'li'))
  if (items.length < 2 && ruleOn('table-row-items'))
    items = elementsWhere(block.children, (element) => element.name === 'tr' && !isHeaderRow(element))
  if (items.length < 2) items = innermost(elementsWhere(block.children, isMarkedIngredient))
  if (items.length < 2) return []
  const itemSet = new Set(items)
  const headings = elementsWhere(
    block.children,
    (element) =>
      !itemSet.has(element) &&
      (headingTags.has(element.name) || groupHeadingClass.test(element.attribs.class ?? '')) &&
      !items.some((item) => isInside(item, element) || isInside(element, item)),
  )
  return linesOfItems(items, headings)
}

/**
 * Named items spread over several lists of one block, one list per group with a heading before each ("<h3>For the
 * topping</h3><ul><li class="ingredient">…"): all of them, the headings between them as titles.
 */
function linesOfGroupedLists(items: Element[]): ScrapedIngredient[] {
  const container = items[0]?.parent?.parent
  if (!ruleOn('grouped-lists')) return []
  if (!container || !isTag(container) || items.some((item) => item.parent?.parent !== container)) return []
  if (new Set(items.map((item) => item.parent)).size < 2) return []
  const first = items[0]!.startIndex ?? 0
  const last = items[items.length - 1]!.startIndex ?? 0
  const headings = container.children.filter(
    (child): child is Element =>
      isTag(child) && headingTags.has(child.name) && (child.startIndex ?? 0) > first && (child.startIndex ?? 0) < last,
  )
  return linesOfItems(items, headings)
}

/**
 * Items in document order as lines; those that are headings, and the headings between them, title the line after
 * them. A heading that only says "Ingredients" titles nothing; other elements found as headings (a toolbar in the
 * list's header) are not lines.
 */
function linesOfItems(items: Element[], headings: Element[] = []): ScrapedIngredient[] {
  const lines: ScrapedIngredient[] = []
  const headingSet = new Set(headings)
  const ordered = [...items, ...headings].sort((a, b) => (a.startIndex ?? 0) - (b.startIndex ?? 0))
  let title = ''
  for (const element of ordered) {
    const text =
      ruleOn('recipe-card-parts') && element.attribs.class?.includes('wprm-recipe-ingredient')
        ? pluginItemText(element)
        : itemText(element)
    if (isGroupHeading(element, text)) {
      // The method follows in the same block: the ingredients end here.
      if (ruleOn('method-ends-list') && endOfIngredients.test(text)) break
      // A heading that only names the list or its columns ("Ingredients", "Menge Zutaten") titles nothing.
      const namesList = (ingredientHeading.test(text) && text.length < 30) || isCardHeader(text)
      title = namesList ? '' : text.replace(/\s*:$/, '')
      continue
    }
    // An item that only says "Ingredients" is a tab or a label, not a line.
    if (
      text === '' ||
      headingSet.has(element) ||
      (ruleOn('section-name-item') && text.length < 30 && ingredientHeading.test(text))
    )
      continue
    if (isCardHeader(text)) continue
    const parts = element.name === 'li' ? runTogetherLines(itemLayout(element).split('\n').map(cleanLine)) : undefined
    for (const line of parts ?? [text]) {
      lines.push({ title, line })
      title = ''
    }
  }
  return lines
}

/** A list of ingredients the page shows, its group headings as the titles of their first lines. */
export interface IngredientListCandidate {
  lines: ScrapedIngredient[]
}

/**
 * Every list of ingredients the page shows: each block whose class, id or itemprop names ingredients, and the lines of
 * `itemprop` ingredients wherever they are. Nested blocks that give the same lines count once.
 */
export function ingredientListCandidates(document: PageDocument): IngredientListCandidate[] {
  const named = (element: Element) =>
    ingredientWord.test(classAndId(element)) || /ingredient/i.test(element.attribs.itemprop ?? '')
  const blocks = elementsWhere(document, (element) => element.name !== 'li' && element.name !== 'tr' && named(element))
  // Plain lists whose items' classes name them ("<ul><li class="ingredient">").
  const namedItems = elementsWhere(document, (element) => /^(?:li|tr)$/.test(element.name) && named(element))
  for (const item of namedItems) if (isTag(item.parent!) && !blocks.includes(item.parent)) blocks.push(item.parent)
  blocks.sort((a, b) => (a.startIndex ?? 0) - (b.startIndex ?? 0))
  const candidates: IngredientListCandidate[] = []
  const seen = new Set<string>()
  const add = (lines: ScrapedIngredient[]) => {
    const key = lines.map(({ title, line }) => `${title}|${line}`).join('\n')
    if (lines.length === 0 || seen.has(key)) return
    seen.add(key)
    candidates.push({ lines })
  }
  for (const block of blocks) add(linesOfBlock(block))
  add(linesOfGroupedLists(namedItems))
  add(linesOfItems(innermost(elementsWhere(document, isMarkedIngredient))))
  return candidates
}
