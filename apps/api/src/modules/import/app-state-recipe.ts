import { isText } from 'domhandler'
import { normalKey, renderedIngredientLine, servingScale } from './app-state-ingredient.js'
import { ingredientLineCollector, type ScrapedIngredient } from './ingredient-groups.js'
import type { ScrapedStep } from './instructions.js'
import { isObject, type SchemaNode } from './json-ld.js'
import { parseLenientJson, type JsonValue } from './lenient-json.js'
import { elementsWhere, type PageDocument } from './page-document.js'
import { compactText } from './line-matching.js'
import { cleanLine } from './text-cleaning.js'

/**
 * Recipes a page holds only in its app state: the JSON a JavaScript framework hydrates the page from. Next.js puts it
 * in `<script id="__NEXT_DATA__" type="application/json">`, others in `window.__INITIAL_STATE__ = {…}`, Inertia and
 * many component libraries in an element's attribute (`<div data-page="{…}">`, `data-props`, `data-model`). None of
 * these follow a schema, so recipes are recognised by their shape: an object with an array under a key that says
 * ingredients in some language, and maybe a name and a method. Keys are matched by vocabulary, never by site; the
 * JSON is only read, never run.
 */

/** Key words, lower case without separators, that name an ingredient list ("ingredientGroups", "zutaten"). */
const ingredientKey = /ingredi|zutat|składnik|skladnik|ainekset|hozzávaló|suroviny/
/** Key words that name a method ("steps", "instructions", "fremgangsmåde", "zubereitung"). */
const stepKey =
  /instruction|steps?$|method|direction|preparation|fremgangsm|framgangsm|zubereitung|anleitung|tilberedning|bereiding|werkwijze|preparaci|préparation|etapes|étapes|passaggi|przygotowanie/
/** Keys of a recipe's (or a group's) name. */
const nameKeys = new Set(['name', 'title', 'headline', 'recipename', 'recipetitle', 'navn', 'titel', 'titre', 'nom'])
/** Keys of a step's text. */
const stepTextKeys = ['text', 'instruction', 'description', 'content', 'body', 'step', 'html']

/** Blocks larger than this are not read: an app state that size is a whole catalogue, not a recipe page's. */
const maxBlockLength = 5_000_000
/** Objects visited per page, and how deep, so that a huge or deeply nested state cannot stall an import. */
const maxNodes = 200_000
const maxDepth = 40
/** Assignments read per script (`window.A = {…}; window.B = {…}`). */
const maxAssignments = 20

/** A recipe-like object found in the app state. */
export interface AppStateRecipe {
  name: string
  ingredients: ScrapedIngredient[]
  steps: ScrapedStep[]
}

/** Text that could hold a recipe: cheap to test before anything is parsed. */
const mentionsIngredients = (text: string) => ingredientKey.test(text.toLowerCase())

/** `window.__STATE__ = {`, `var data = [`, `self.__NUXT__={`: where a JSON value is assigned in a script. */
const assignment =
  /(?:^|[;\s,{(])(?:window|self|globalThis|var|let|const)?\.?\s*[\w$]+(?:\.[\w$]+|\[['"][\w$]+['"]\])*\s*=\s*(?=[{[])/g

/** The JSON values in one script: the whole text when it is JSON, else the values its assignments give. */
function valuesOfScript(text: string, isJson: boolean): JsonValue[] {
  if (isJson) return parseLenientJson(text).values
  const values: JsonValue[] = []
  assignment.lastIndex = 0
  for (let count = 0; count < maxAssignments; count++) {
    const match = assignment.exec(text)
    if (!match) break
    const start = match.index + match[0].length
    // The reader stops at the value's end (what follows is code, not JSON); only the first value is the assignment's.
    const [value] = parseLenientJson(text.slice(start)).values
    if (value !== undefined && typeof value === 'object' && value !== null) values.push(value)
  }
  return values
}

/** Every JSON value the page's app state holds, in document order: script blocks and JSON-valued attributes. */
function appStateValues(document: PageDocument): JsonValue[] {
  const values: JsonValue[] = []
  for (const element of elementsWhere(document, () => true)) {
    if (element.name === 'script') {
      const type = (element.attribs.type ?? '').toLowerCase()
      // JSON-LD is structured data, read by json-ld.ts; other types (templates, text/plain) are not state.
      if (type.includes('ld+json') || (type !== '' && !/json|javascript|ecmascript|module/.test(type))) continue
      const text = element.children.map((child) => (isText(child) ? child.data : '')).join('')
      if (text.length > maxBlockLength || !mentionsIngredients(text)) continue
      values.push(...valuesOfScript(text, type.includes('json')))
      continue
    }
    for (const value of Object.values(element.attribs)) {
      const text = value.trimStart()
      if (text.length < 40 || text.length > maxBlockLength || (text[0] !== '{' && text[0] !== '[')) continue
      if (mentionsIngredients(text)) values.push(...parseLenientJson(text).values)
    }
  }
  return values
}

/** The first non-empty string under one of `keys`. */
function firstText(node: SchemaNode, keys: Set<string> | string[]): string {
  const wanted = new Set(keys)
  for (const [key, value] of Object.entries(node)) {
    if (!wanted.has(normalKey(key))) continue
    const text = cleanLine(typeof value === 'string' ? value : '')
    if (text !== '') return text
  }
  return ''
}

/** The arrays of an object whose keys match `vocabulary`, in key order. */
function listsUnder(node: SchemaNode, vocabulary: RegExp): JsonValue[][] {
  return Object.entries(node)
    .filter(([key, value]) => Array.isArray(value) && vocabulary.test(normalKey(key)))
    .map(([, value]) => value as JsonValue[])
}

/**
 * An ingredient list as lines: strings as they are; objects that hold their own list as groups (their name heads
 * their first line); other objects rendered from their parts (amount, unit, name, note).
 */
function ingredientLines(list: JsonValue[], scale: number): ScrapedIngredient[] {
  const { lines, push, heading } = ingredientLineCollector()
  const visit = (items: JsonValue[], depth: number) => {
    for (const item of items.slice(0, 500)) {
      if (typeof item === 'string') push(cleanLine(item))
      else if (Array.isArray(item) && depth < 4) visit(item, depth + 1)
      else if (isObject(item)) {
        const members = listsUnder(item, ingredientKey).find((inner) => inner.length > 0) ?? item.items ?? item.list
        if (Array.isArray(members) && depth < 4) {
          heading(firstText(item, nameKeys))
          visit(members, depth + 1)
        } else push(renderedIngredientLine(item, scale))
      }
    }
  }
  visit(list, 0)
  return lines
}

/** A method as steps: strings, objects with a text, and groups of either (their name heads their first step). */
function stepLines(list: JsonValue[]): ScrapedStep[] {
  const steps: ScrapedStep[] = []
  let pendingTitle = ''
  const visit = (items: JsonValue[], depth: number) => {
    for (const item of items.slice(0, 500)) {
      let text = ''
      if (typeof item === 'string') text = cleanLine(item)
      else if (Array.isArray(item) && depth < 4) visit(item, depth + 1)
      else if (isObject(item)) {
        const members = listsUnder(item, stepKey).find((inner) => inner.length > 0)
        if (members && depth < 4) {
          const title = firstText(item, nameKeys)
          if (title !== '') pendingTitle = title
          visit(members, depth + 1)
        } else text = firstText(item, stepTextKeys)
      }
      if (text === '') continue
      steps.push({ title: pendingTitle, text })
      pendingTitle = ''
    }
  }
  visit(list, 0)
  return steps
}

/** The ingredient objects of a list, inside its groups too. */
function ingredientObjects(list: JsonValue[]): SchemaNode[] {
  return list.slice(0, 500).flatMap((item) => {
    if (!isObject(item)) return []
    const members = listsUnder(item, ingredientKey).flat()
    return members.length > 0 ? members.filter(isObject) : [item]
  })
}

/** A quantity in a line: a number before a unit or a name, or alone ("2 eggs", "Mehl 500g"); not "35% cream". */
const hasQuantity = (line: string) =>
  /(?:^|\s)[\d\u00bc-\u00be\u2150-\u215e][\d.,/\s\u00bc-\u00be\u2150-\u215e]*(?:\p{L}|$)/u.test(line)

/**
 * The object as a recipe when it has the shape of one: an ingredient list of at least two lines, some with a
 * quantity. A list with no quantity at all names the foods a recipe uses (tags, a search index), not its lines.
 */
function asRecipe(node: SchemaNode): AppStateRecipe | null {
  const lists = listsUnder(node, ingredientKey)
  const scale = servingScale(node, lists.flatMap(ingredientObjects))
  const ingredients = lists
    .map((list) => ingredientLines(list, scale))
    .filter((lines) => lines.some(({ line }) => hasQuantity(line)))
    .reduce<ScrapedIngredient[]>((longest, lines) => (lines.length > longest.length ? lines : longest), [])
  if (ingredients.length < 2) return null
  const steps = listsUnder(node, stepKey)
    .map(stepLines)
    .reduce<ScrapedStep[]>((longest, lines) => (lines.length > longest.length ? lines : longest), [])
  return { name: firstText(node, nameKeys), ingredients, steps }
}

/**
 * The recipe-like objects of the page's app state, in the order a breadth-first walk meets them (the page's own
 * recipe is usually nearer the top than related ones). An object inside a recipe-like one is not looked at: its
 * groups are already part of the recipe.
 */
export function appStateRecipes(document: PageDocument): AppStateRecipe[] {
  const recipes: AppStateRecipe[] = []
  const queue: Array<{ value: JsonValue; depth: number }> = appStateValues(document).map((value) => ({
    value,
    depth: 0,
  }))
  for (let index = 0; index < queue.length && index < maxNodes; index++) {
    const { value, depth } = queue[index]!
    if (depth > maxDepth || typeof value !== 'object' || value === null) continue
    const children = Array.isArray(value) ? value : Object.values(value)
    if (!Array.isArray(value)) {
      const recipe = asRecipe(value)
      if (recipe) {
        recipes.push(recipe)
        continue
      }
    }
    for (const child of children)
      if (typeof child === 'object' && child !== null && queue.length < maxNodes)
        queue.push({ value: child, depth: depth + 1 })
  }
  return recipes
}

/**
 * The page's own recipe in its app state: the first recipe-like object named like the page's recipe, else the first
 * without a name (a list of ingredient groups on its own). A named object with another name is another recipe (a
 * related one, a teaser) and is never taken.
 */
export function appStateRecipeFor(document: PageDocument, title: string): AppStateRecipe | undefined {
  const wanted = compactText(title)
  const recipes = appStateRecipes(document)
  return (
    recipes.find((recipe) => wanted !== '' && compactText(recipe.name) === wanted) ??
    recipes.find((recipe) => recipe.name === '')
  )
}
