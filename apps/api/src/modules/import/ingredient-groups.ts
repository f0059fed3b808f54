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
    if (line === '') return
    if (headingLine(line)) return heading(line)
    lines.push({ title: pendingTitle, line })
    pendingTitle = ''
  }
  return { lines, push, heading }
}

/**
 * `recipeIngredient` (or the older `ingredients`) as lines (reference §7.5 clean_ingredients): a list of strings (each
 * cleaned, empty ones dropped; a multi-line item stays one line, as the page meant one ingredient), a string (split at
 * its line breaks), PropertyValue objects, and groups written as objects with a name and their own list.
 */
export function ingredientsOf(value: JsonValue | undefined): ScrapedIngredient[] {
  const { lines, push, heading } = ingredientLineCollector()
  const visit = (item: JsonValue | undefined, depth: number) => {
    if (item === undefined || item === null || depth > 10) return
    if (typeof item === 'string') {
      if (depth === 0) for (const line of cleanLines(item)) push(line)
      else push(cleanLine(item))
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
