import { isTag } from 'domhandler'
import type { JsonValue } from './lenient-json.js'
import type { FoundRecipe, SchemaNode } from './json-ld.js'
import { attributeOf, elementsWhere, visibleText, type Element, type PageDocument } from './page-document.js'

/**
 * Microdata (`itemscope itemtype="…/Recipe"` with `itemprop`s) read into the shape JSON-LD has, so one set of rules
 * cleans both. Values follow the HTML microdata rules: `content` of meta, `src` of media, `href` of links,
 * `datetime` of time, the text otherwise (with its line breaks, which split steps later).
 */

const sourceAttribute: Record<string, string> = {
  meta: 'content',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  embed: 'src',
  iframe: 'src',
  track: 'src',
  a: 'href',
  area: 'href',
  link: 'href',
  object: 'data',
  data: 'value',
  meter: 'value',
}

function propertyValue(element: Element): JsonValue {
  if (element.attribs.itemscope !== undefined) return itemOf(element)
  if (element.attribs.content !== undefined) return element.attribs.content
  const attribute = sourceAttribute[element.name]
  if (attribute) return attributeOf(element, attribute) ?? ''
  if (element.name === 'time') return attributeOf(element, 'datetime') ?? visibleText(element)
  return visibleText(element)
}

/** The properties of one item: its descendants' itemprops, not those of items nested in it. */
function itemOf(scope: Element): SchemaNode {
  const item: Record<string, JsonValue[]> = {}
  const type = attributeOf(scope, 'itemtype')
  // Descendants in document order, walked with a stack of their own (a deep page would overflow the call stack).
  const stack: Element[] = [scope]
  while (stack.length > 0) {
    const element = stack.pop()!
    if (element !== scope) {
      const names = (attributeOf(element, 'itemprop') ?? '').split(/\s+/).filter(Boolean)
      if (names.length > 0) {
        const value = propertyValue(element)
        for (const name of names) (item[name] ??= []).push(value)
      }
      // A nested item keeps its own properties.
      if (element.attribs.itemscope !== undefined) continue
    }
    for (let index = element.children.length - 1; index >= 0; index--) {
      const child = element.children[index]!
      if (isTag(child)) stack.push(child)
    }
  }
  const node: SchemaNode = {}
  if (type) node['@type'] = type.split(/\s+/).map((url) => url.replace(/^.*\//, ''))
  for (const [name, values] of Object.entries(item)) node[name] = values.length === 1 ? values[0]! : values
  return node
}

/** Every microdata Recipe on the page, in document order. */
export function microdataRecipes(document: PageDocument): FoundRecipe[] {
  return elementsWhere(
    document,
    (element) =>
      element.attribs.itemscope !== undefined &&
      (attributeOf(element, 'itemtype') ?? '').split(/\s+/).some((url) => /schema\.org\/Recipe\/?$/i.test(url)),
  ).map((element) => ({
    source: 'microdata',
    node: itemOf(element),
    position: element.startIndex ?? 0,
    nodesById: new Map(),
  }))
}
