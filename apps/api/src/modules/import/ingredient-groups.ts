import { numberPattern, parseKitchenNumber } from '@larder/kitchen'
import type { JsonValue } from './lenient-json.js'
import { isObject, type SchemaNode } from './json-ld.js'
import { cleanLine, cleanLines } from './text-cleaning.js'
import { ruleOn } from './page-rules.js'

/** An ingredient line as the page gives it, with the heading of its group when it starts one. */
export interface ScrapedIngredient {
  /** The heading of the group this line starts ("For the sauce"), or "". */
  title: string
  line: string
}

/**
 * A line that heads a group rather than naming an ingredient: short, no quantity, ending in a colon ("For the sauce:",
 * "DIPPING SAUCE:"). Pages put these in their ingredient lists; no ingredient line is written so.
 */
export function headingLine(line: string): boolean {
  return ruleOn('heading-line-colon') && line.length <= 60 && line.endsWith(':') && !/\d/.test(line)
}

/**
 * The labels recipe cards print above their list: servings, yield, amount, ingredient, and the words that join them
 * ("Zutaten für 4 Personen"), in the languages of pages.
 */
const cardHeaderWord =
  /^(?:servings?|serves|yields?|makes|portions?|portionen|personen|personnes?|porciones|porzioni|porties|menge|anzahl|zutaten?|ingredients?|ingrédients?|ingrediënten|ingredientes|ingredienti|amount|quantity|qty|quantité|hoeveelheid|cantidad|quantità|units?|for|für|pour|voor|per|people|persons)$/i

/**
 * A recipe card's header rather than an ingredient: only such labels, with at most a number ("Servings: 4", "Yield:",
 * "Menge Zutaten", "Amount | Ingredient"). No ingredient is named by these words alone.
 */
export function isCardHeader(line: string): boolean {
  const words = line.match(/\p{L}+/gu) ?? []
  return (
    ruleOn('card-header-not-line') &&
    words.length > 0 &&
    words.length <= 4 &&
    words.every((word) => cardHeaderWord.test(word)) &&
    (line.match(/\d+/g) ?? []).length <= 1
  )
}

const leadingNumber = new RegExp(`^\\s*(${numberPattern})(?![\\d/⁄.,])`)

/**
 * Whether a line already starts with the amount a structured ingredient gives apart ({amount: 0.5, text: "1/2 leek"}),
 * in any spelling: joined, the amount would be printed twice ("0.5 1/2 leek").
 */
export function startsWithAmount(line: string, amount: number | string): boolean {
  const value = typeof amount === 'number' ? amount : parseKitchenNumber(amount)
  const shown = leadingNumber.exec(line)
  if (value === null || !shown || !ruleOn('amount-shown-once')) return false
  const lineValue = parseKitchenNumber(shown[1]!)
  return lineValue !== null && Math.abs(lineValue - value) < 0.01
}

/**
 * An item's lines as the page breaks them (at <br> or blocks inside it): one line, unless every part starts with a
 * quantity and names something, which is two ingredients run into one item ("2 leeks<br>1 potato").
 */
export function runTogetherLines(parts: string[]): string[] | undefined {
  if (!ruleOn('run-together-lines')) return undefined
  const lines = parts.filter((part) => part !== '')
  const quantity = /^[\d\u00bc-\u00be\u2150-\u215e]/
  // Each part names something: an amount alone ("1" above "14½-ounce can") is a part of one line, set apart.
  const isLine = (line: string) => quantity.test(line) && /\p{L}{2}/u.test(line)
  return lines.length > 1 && lines.every(isLine) ? lines : undefined
}

/**
 * A line all in emphasis (bold, a heading's class) that heads the lines after it rather than being one: short, without
 * digits ("Sauce", "For the crust"). One rule for ingredient lists, ingredient paragraphs and the method alike; a
 * line with a quantity or a number is content, however it is set.
 */
export function emphasisHeading(text: string): boolean {
  return ruleOn('emphasis-heading') && text !== '' && text.length <= 80 && !/\d/.test(text)
}

/**
 * An ingredient's note as it goes on its line: in brackets, as recipe cards' structured data writes them ("(diced)"),
 * unless it brings its own brackets or starts with a comma.
 */
export function bracketedNote(note: string): string {
  const bare = note === '' || /^[,;]/.test(note) || (note.startsWith('(') && note.endsWith(')'))
  return bare ? note : `(${note})`
}

/** A list bullet typed into the text ("- 1 cup sugar", "• salt"): the list shows its own. */
const typedBullet = /^[-–•*·▪]\s+(?=\S)/

/** Notes a generator put in brackets that had their own: "((optional))". */
const doubledBrackets = /\(\(([^()]*)\)\)/g

/** A PropertyValue ingredient ({value, unitText, name}) as one line: "200 g flour". */
function propertyValueLine(node: SchemaNode): string {
  const name = cleanLine(node.name)
  const value = cleanLine(node.value)
  if (value !== '' && startsWithAmount(name, value)) return name
  return [node.value, node.unitText ?? node.unitCode, node.name]
    .map((part) => cleanLine(part))
    .filter((part) => part !== '')
    .join(' ')
}

/**
 * Ingredient lines in order, as a list gives them: typed bullets dropped, doubled brackets undone, a heading line
 * ("For the sauce:") or a group's name (`heading`) the title of the line after it.
 */
export function ingredientLineCollector() {
  const lines: ScrapedIngredient[] = []
  let pendingTitle = ''
  const heading = (title: string) => {
    if (title !== '') pendingTitle = title.replace(/\s*:$/, '')
  }
  const push = (text: string) => {
    let line = text
    if (ruleOn('typed-bullet')) line = line.replace(typedBullet, '')
    if (ruleOn('doubled-brackets')) line = line.replace(doubledBrackets, '($1)')
    if (line === '' || isCardHeader(line)) return
    if (headingLine(line)) return heading(line)
    lines.push({ title: pendingTitle, line })
    pendingTitle = ''
  }
  return { lines, push, heading }
}

/**
 * `recipeIngredient` (or the older `ingredients`) as lines (docs/mealie-compatibility.md "Cleaning scraped fields" clean_ingredients): a list of strings (each
 * cleaned, empty ones dropped; a multi-line item stays one line, as the page meant one ingredient, unless each of its
 * lines starts with a quantity: then it is two ingredients run together), a string (split at
 * its line breaks), PropertyValue objects, and groups written as objects with a name and their own list.
 */
export function ingredientsOf(value: JsonValue | undefined): ScrapedIngredient[] {
  const { lines, push, heading } = ingredientLineCollector()
  const visit = (item: JsonValue | undefined, depth: number) => {
    if (item === undefined || item === null || depth > 10) return
    if (typeof item === 'string') {
      if (depth === 0) for (const line of cleanLines(item)) push(line)
      else for (const line of runTogetherLines(cleanLines(item)) ?? [cleanLine(item)]) push(line)
      return
    }
    if (typeof item === 'number') return push(String(item))
    if (Array.isArray(item)) {
      for (const element of item) visit(element, depth + 1)
      return
    }
    if (!isObject(item)) return
    const members = item.recipeIngredient ?? item.ingredients ?? item.itemListElement
    if (members !== undefined) {
      heading(cleanLine(item.name))
      visit(members, depth + 1)
      return
    }
    push(propertyValueLine(item))
  }
  visit(value, 0)
  return lines
}
