import { isText } from 'domhandler'
import { parseLenientJson, type JsonValue } from './lenient-json.js'
import { attributeOf, elementsWhere, type PageDocument } from './page-document.js'

/** A schema.org node as read from the page: JSON-LD as written, microdata turned into the same shape. */
export type SchemaNode = { [key: string]: JsonValue }

export interface FoundRecipe {
  source: 'json-ld' | 'microdata'
  node: SchemaNode
  /** Where on the page it starts, to keep document order between JSON-LD blocks and microdata. */
  position: number
  /** Other nodes of its block by `@id`, to follow references such as `"image": {"@id": "#primaryimage"}`. */
  nodesById: Map<string, SchemaNode>
}

export const isObject = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** "Recipe", "schema:Recipe", "http://schema.org/Recipe", or a list holding one of them. */
export function hasType(node: SchemaNode, type: string): boolean {
  const declared = node['@type'] ?? node.type
  const types = Array.isArray(declared) ? declared : [declared]
  return types.some(
    (value) =>
      typeof value === 'string' &&
      value
        .trim()
        .replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, '')
        .toLowerCase() === type.toLowerCase(),
  )
}

/** A Recipe that lists ingredients (some pages also declare an empty one, or a teaser of another recipe). */
export function hasIngredients(node: SchemaNode): boolean {
  const ingredients = node.recipeIngredient ?? node.ingredients
  if (Array.isArray(ingredients))
    return ingredients.some((item) => (typeof item === 'string' && item.trim() !== '') || isObject(item))
  return typeof ingredients === 'string' && ingredients.trim() !== ''
}

/** Recipe nodes of one block, breadth first: `@graph`, arrays, `mainEntity` and any other nesting. */
function recipesOfBlock(values: JsonValue[]): { recipes: SchemaNode[]; nodesById: Map<string, SchemaNode> } {
  const recipes: SchemaNode[] = []
  const nodesById = new Map<string, SchemaNode>()
  const queue: JsonValue[] = [...values]
  for (let index = 0; index < queue.length && index < 50_000; index++) {
    const value = queue[index]!
    if (Array.isArray(value)) {
      queue.push(...value)
      continue
    }
    if (!isObject(value)) continue
    const id = value['@id']
    if (typeof id === 'string' && Object.keys(value).length > 1 && !nodesById.has(id)) nodesById.set(id, value)
    if (hasType(value, 'Recipe')) recipes.push(value)
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) queue.push(child)
  }
  return { recipes, nodesById }
}

export interface JsonLdRead {
  recipes: FoundRecipe[]
  /** How the hardest block had to be read. */
  parse: 'strict' | 'lenient' | 'repaired' | null
}

/** Every Recipe in the page's `<script type="application/ld+json">` blocks, in document order. */
export function jsonLdRecipes(document: PageDocument): JsonLdRead {
  const scripts = elementsWhere(
    document,
    (element) => element.name === 'script' && /ld\+json/i.test(attributeOf(element, 'type') ?? ''),
  )
  const recipes: FoundRecipe[] = []
  const order = { strict: 0, lenient: 1, repaired: 2 } as const
  let parse: JsonLdRead['parse'] = null
  for (const script of scripts) {
    const text = script.children.map((child) => (isText(child) ? child.data : '')).join('')
    const read = parseLenientJson(text)
    const block = recipesOfBlock(read.values)
    if (block.recipes.length > 0 && (parse === null || order[read.mode] > order[parse])) parse = read.mode
    for (const node of block.recipes) {
      recipes.push({ source: 'json-ld', node, position: script.startIndex ?? 0, nodesById: block.nodesById })
    }
  }
  return { recipes, parse }
}
