import { isTag } from 'domhandler'
import {
  attributeOf,
  classAndId,
  elementsWhere,
  headingTags,
  isHidden,
  isInside,
  lineText,
  listItemElements,
  listItems,
  shortLines,
  visibleText,
  type Element,
  type PageDocument,
} from './page-document.js'
import { emphasisHeading, isCardHeader, runTogetherLines } from './ingredient-groups.js'
import { cleanLine } from './text-cleaning.js'
import { methodUnder } from './visible-method.js'
import { ruleOn } from './page-rules.js'

/**
 * A recipe read from what the page shows, for pages with no structured data (tier C): the title from OpenGraph or the
 * main heading, the ingredients and steps from the lists under headings that name them or in blocks whose class
 * names them. Generic rules only: no site is named here.
 */

export const ingredientHeading =
  /^(?:the\s+)?(?:ingredients?|ingredient list|what you(?:'|’)ll need|you will need|zutaten|ingrédients|ingredientes|ingredienti|ingrediënten|ingredienten|benodigdheden|ingredienser|ainekset|składniki|suroviny|hozzávalók|malzemeler|ingrediente)\b/i
export const instructionHeading =
  /^(?:the\s+|cooking\s+|baking\s+)?(?:instructions?|directions?|method|preparation|steps|how to make(?: it)?|zubereitung|anleitung|préparation|bereiding(?:swijze)?|werkwijze|instructies|preparación|procedimiento|elaboración|preparo|modo de preparo|procedimento|preparazione|fremgangsmåte|valmistus|sposób przygotowania)\b/i
/** What tells a section's end by its label's text: a pattern, or rules that depend on the rules in force. */
export interface TextTest {
  test: (text: string) => boolean
}

/**
 * Headings of a recipe's other sections, which end its ingredients: nutrition, equipment, notes and tips, in the
 * languages pages come in ("Nutrition per serving", "You will also need", "Nährwerte", "Ustensiles").
 */
export const otherSectionHeading =
  /^(?:(?:special\s+|kitchen\s+)?(?:equipment|tools|utensils)|you(?:'|’)?ll also need|you will also need|nutrition(?:al)?\b|nutrition facts|per serving\b|notes?\b|recipe notes|tips?\b|utensilien|küchenutensilien|zubehör|nährwert|ustensiles?|matériel|valeurs? nutritionnelles?|keukengerei|voedingswaarde|attrezzatura|utensili|valori nutrizionali|utensilios|información nutricional|valor nutricional)/i

/**
 * Class or id words of a block that holds another section than the ingredients or the method, inside their block: a tab of
 * equipment, a nutrition panel, allergens, storage advice.
 */
const otherSectionBlock =
  /equipment|utensil|ustensil|nutrition|allergen|storage|conservation|n[aä]hrwert|voedingswaarde|gerätschaft/

/** Whether `element` is, or sits inside below `block`, a block that names another section. */
function inOtherSection(element: Element, block: Element): boolean {
  if (!ruleOn('other-section-block')) return false
  for (let node: Element | null = element; node && node !== block; node = isTag(node.parent!) ? node.parent : null)
    if (otherSectionBlock.test(classAndId(node))) return true
  return false
}

/** What ends an ingredient section: the method's heading or another section's. */
export const endOfIngredients: TextTest = {
  test: (text) =>
    instructionHeading.test(text) || (ruleOn('other-section-ends-ingredients') && otherSectionHeading.test(text)),
}

/**
 * A list of sentences: most items long and ending a sentence, as a method is written ("Melt the butter in a pan, add
 * the leeks and cook gently."). Ingredient lines are short and end with a name or a note.
 */
export function readsAsMethod(lines: string[]): boolean {
  const sentences = lines.filter((line) => line.split(/\s+/).length >= 8 && /[.!]$/.test(line))
  return ruleOn('method-list-ends-ingredients') && lines.length > 0 && sentences.length * 2 > lines.length
}

const labelTags = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'p',
  'span',
  'div',
  'dt',
  'th',
  'header',
  'label',
  'em',
])

export interface VisibleRecipe {
  title: string
  /** `og:title`: a page that has one describes itself, recipe or not (docs/mealie-compatibility.md "Reading a recipe from a page", strategy 3). */
  openGraphTitle: string
  description: string
  image: string | null
  ingredients: Array<{ title: string; line: string }>
  steps: Array<{ title: string; text: string }>
}

/** The first `content` of a <meta> (of `metas`, the page's) named one of `names`, in the order of `names`. */
function metaContent(metas: Element[], names: string[]): string {
  for (const name of names) {
    const meta = metas.find(
      (element) => (attributeOf(element, 'property') ?? attributeOf(element, 'name'))?.toLowerCase() === name,
    )
    const content = meta ? cleanLine(attributeOf(meta, 'content')) : ''
    if (content !== '') return content
  }
  return ''
}

/** How many labels of one section are followed before giving up on them. */
const mostLabelsRead = 50
/** Labels are short: a line this long or longer names no section. */
const longestLabel = 80

/**
 * Elements in document order, each with the index after its last descendant, for "what comes after this"; and, each
 * decided once from the outside in, which are hidden (themselves or inside something hidden: a label in a collapsed
 * block is not the section's), which hold a list item, and their lines when short enough to be labels.
 */
function documentOrder(document: PageDocument) {
  const elements = elementsWhere(document, () => true)
  const index = new Map(elements.map((element, position) => [element, position]))
  const hidden = new Set<Element>()
  for (const element of elements)
    if (isHidden(element) || (element.parent && isTag(element.parent) && hidden.has(element.parent)))
      hidden.add(element)
  // Elements are listed depth-first, so an element's descendants are the ones right after it: as many as its subtree
  // holds, counted once from the last element back.
  const subtree = new Map<Element, number>()
  const holdsListItem = new Set<Element>()
  for (let position = elements.length - 1; position >= 0; position--) {
    const element = elements[position]!
    let size = 1
    for (const child of element.children) {
      if (!isTag(child)) continue
      size += subtree.get(child) ?? 0
      if (child.name === 'li' || holdsListItem.has(child)) holdsListItem.add(element)
    }
    subtree.set(element, size)
  }
  const end = (element: Element) => index.get(element)! + subtree.get(element)!
  const lines = shortLines(elements, longestLabel)
  /** The element's line when shorter than `longestLabel`, else undefined. */
  const shortLine = (element: Element) => lines.get(element)
  return { elements, index, end, hidden, holdsListItem, shortLine }
}

/** A paragraph's lines as the page breaks them (at <br>), cleaned, the empty ones left out. */
const paragraphLines = (paragraph: Element) =>
  visibleText(paragraph)
    .split('\n')
    .map((line) => cleanLine(line))
    .filter(Boolean)

/**
 * Adds lines of paragraphs to `found`. A line that is all bold and has no quantity ("<strong>Sauce</strong><br>") is
 * not a line: it heads the lines after it.
 */
function headedLines(found: Array<{ title: string; line: string }>) {
  let title = ''
  return (paragraph: Element, lines: string[]) => {
    const bold = elementsWhere(paragraph, (element) => element.name === 'strong' || element.name === 'b')
    const headings = new Set(bold.map((element) => cleanLine(lineText(element))))
    for (const line of lines) {
      if (headings.has(line) && emphasisHeading(line)) {
        title = line.replace(/\s*:$/, '')
        continue
      }
      found.push({ title, line })
      title = ''
    }
  }
}

/** A list's lines as a section reads them; null when the list is not part of the section but ends it. */
type ListReader = (list: Element) => string[] | null

/**
 * An ingredient list's lines: two ingredients the page broke into one item are two lines, a card's header labels are
 * none; a list that reads as a method is not ingredients but what comes after them.
 */
function ingredientListLines(list: Element): string[] | null {
  const lines = listItemElements(list)
    .flatMap((item) => runTogetherLines(visibleText(item).split('\n').map(cleanLine)) ?? [cleanLine(lineText(item))])
    .filter((line) => line !== '' && !isCardHeader(line))
  return readsAsMethod(lines) ? null : lines
}

/**
 * What follows a heading: the lists after it (a short label between two lists names the second one's group), or,
 * when no list comes, its paragraphs; up to the next heading of a section.
 */
function contentAfter(
  order: ReturnType<typeof documentOrder>,
  heading: Element,
  stop: TextTest,
  readList: ListReader,
): Array<{ title: string; line: string }> {
  const found: Array<{ title: string; line: string }> = []
  let groupTitle = ''
  // A label that starts a paragraph ("<p><strong>Method</strong><br>Heat the oil…</p>"): its paragraph is read first.
  const parent = heading.parent
  const labelParagraph =
    ruleOn('label-paragraph') && parent && 'name' in parent && parent.name === 'p' && paragraphLines(parent).length > 1
      ? parent
      : undefined
  let position = labelParagraph ? order.index.get(labelParagraph)! : order.end(heading)
  const headingLevel = headingTags.has(heading.name) ? Number(heading.name[1]) : 7
  let scanned = 0
  while (position < order.elements.length && scanned < 400) {
    scanned++
    const element = order.elements[position]!
    if (isHidden(element)) {
      position = order.end(element)
      continue
    }
    // Only headings are read whole: any other element's text matters only while it is short enough to be a label.
    const text = headingTags.has(element.name) ? lineText(element) : order.shortLine(element)
    if (text !== undefined && headingTags.has(element.name)) {
      const level = Number(element.name[1])
      if (stop.test(text) || level <= headingLevel || (found.length > 0 && level < headingLevel)) break
      if (found.length > 0 || text.length < 80) groupTitle = text
      position = order.end(element)
      continue
    }
    if (element.name === 'ul' || element.name === 'ol') {
      const lines = readList(element)
      // A list that ends the section ends it after its first list: the first is what the label names.
      if (lines === null && found.length > 0) break
      for (const line of lines ?? listItems(element)) {
        found.push({ title: groupTitle, line })
        groupTitle = ''
      }
      position = order.end(element)
      continue
    }
    if (labelTags.has(element.name) && text !== undefined && stop.test(text) && text.length < 60) break
    const inLabelParagraph = element === labelParagraph
    if (element.name === 'p' && (found.length === 0 || inLabelParagraph) && text !== '') {
      addParagraphs(found, order, element, inLabelParagraph, stop)
      break
    }
    position++
  }
  return found
}

/**
 * Paragraphs (or lines split by <br>) where there is no list, from `first` on while they last; the label's own line
 * is not one.
 */
function addParagraphs(
  found: Array<{ title: string; line: string }>,
  order: ReturnType<typeof documentOrder>,
  first: Element,
  inLabelParagraph: boolean,
  stop: TextTest,
) {
  const addLines = headedLines(found)
  const lines = paragraphLines(first)
  addLines(first, inLabelParagraph ? lines.slice(1) : lines)
  let next = order.elements[order.end(first)]
  while (next && next.name === 'p' && !stop.test(lineText(next))) {
    addLines(next, paragraphLines(next))
    next = order.elements[order.end(next)]
  }
}

/** The lines of a block's lists, in order, up to a heading inside it that starts another section. */
function listsOfBlock(block: Element, stop: TextTest, readList: ListReader): string[] {
  if (block.name === 'ul' || block.name === 'ol') return readList(block) ?? []
  const parts = elementsWhere(
    block.children,
    (element) => headingTags.has(element.name) || element.name === 'ul' || element.name === 'ol',
  )
  const lines: string[] = []
  for (const part of parts) {
    if (headingTags.has(part.name)) {
      if (stop.test(lineText(part))) break
      continue
    }
    // Neither ingredients nor steps: a tab of equipment, a nutrition panel.
    if (inOtherSection(part, block)) continue
    // A nested list is read with the list holding it.
    if (parts.some((other) => other !== part && (other.name === 'ul' || other.name === 'ol') && isInside(part, other)))
      continue
    const listed = readList(part)
    if (listed === null && lines.length > 0) break
    lines.push(...(listed ?? listItems(part)))
  }
  return lines
}

/** The section under the first label that names it, or the lists of the first block whose class names it. */
function section(
  document: PageDocument,
  order: ReturnType<typeof documentOrder>,
  label: RegExp,
  stop: TextTest,
  classWord: RegExp,
  readUnder?: (heading: Element) => Array<{ title: string; line: string }>,
  readList: ListReader = listItems,
): Array<{ title: string; line: string }> {
  const labels = order.elements.filter((element) => {
    if (!labelTags.has(element.name) || order.hidden.has(element)) return false
    const text = order.shortLine(element) ?? ''
    return text.length > 0 && text.length < 60 && label.test(text) && !order.holdsListItem.has(element)
  })
  const reading = (heading: Element) => {
    // The heading's own section (its siblings) when it holds a method; one step alone there means the method goes
    // on past the section's container, which reading on through the page follows.
    const under = readUnder?.(heading) ?? []
    const lines = under.length > 1 ? under : contentAfter(order, heading, stop, readList)
    // A line that only names the section again ("Ingredients" on a tab) is not part of it.
    return lines.filter(({ line }) => line.length >= 30 || !label.test(line))
  }
  // A label that says only the section's name ("Instructions") before one that starts with it ("How to make the
  // best…"), when what it heads is more than a line; else the first label that heads anything.
  const onlyName = (element: Element) =>
    ruleOn('name-only-label-first') && (order.shortLine(element) ?? '').replace(label, '').replace(/[\s:]+/g, '') === ''
  let first: Array<{ title: string; line: string }> | undefined
  // A recipe names its sections a few times (a tab, a heading, a print view); a page naming them thousands of times
  // is not read thousands of times.
  for (const heading of labels.slice(0, mostLabelsRead)) {
    const named = onlyName(heading)
    if (!named && first) continue
    const lines = reading(heading)
    if (named && lines.length > 1) return lines
    if (!first && lines.length > 0) first = lines
  }
  if (first || !ruleOn('section-class-block')) return first ?? []
  const blocks = elementsWhere(
    document,
    (element) =>
      classWord.test(classAndId(element)) && elementsWhere(element.children, (child) => child.name === 'li').length > 0,
  )
  const outermost = blocks.filter(
    (block) => !blocks.some((other) => other !== block && other.children.length && isInside(block, other)),
  )
  for (const block of outermost) {
    const lines = listsOfBlock(block, stop, readList).map((line) => ({ title: '', line }))
    if (lines.length > 0) return lines
  }
  return []
}

function pageTitle(document: PageDocument, metas: Element[]): string {
  const [h1] = elementsWhere(document, (element) => element.name === 'h1' && lineText(element) !== '')
  const og = metaContent(metas, ['og:title', 'twitter:title'])
  if (h1) return cleanLine(lineText(h1))
  if (og) return og
  const [title] = elementsWhere(document, (element) => element.name === 'title')
  return title ? cleanLine(lineText(title)) : ''
}

export function visibleRecipe(document: PageDocument, pageUrl: string): VisibleRecipe {
  const order = documentOrder(document)
  const ingredients = section(
    document,
    order,
    ingredientHeading,
    endOfIngredients,
    /ingredient|zutat/,
    undefined,
    ingredientListLines,
  ).filter(({ line }) => !isCardHeader(line))
  const steps = section(
    document,
    order,
    instructionHeading,
    /^$a/,
    /instruction|direction|method|preparation|steps/,
    (heading) =>
      headingTags.has(heading.name) ? methodUnder(heading).map(({ title, text }) => ({ title, line: text })) : [],
  ).map(({ title, line }) => ({ title, text: line }))
  // The page's <meta>s found once: the title, picture and description each look among them.
  const metas = order.elements.filter((element) => element.name === 'meta')
  const image = metaContent(metas, ['og:image', 'og:image:url', 'twitter:image'])
  let imageUrl: string | null = null
  try {
    imageUrl = image ? new URL(image, pageUrl || undefined).href : null
  } catch {
    imageUrl = null
  }
  return {
    title: pageTitle(document, metas),
    openGraphTitle: metaContent(metas, ['og:title']),
    description: metaContent(metas, ['og:description', 'description', 'twitter:description']),
    image: imageUrl,
    ingredients,
    steps,
  }
}
