import type { AnyNode, Document, Element } from 'domhandler'
import { isTag, isText } from 'domhandler'
import { parsePageTree } from '../../lib/page-tree.js'

/**
 * The page as a tree (htmlparser2: fast, and forgiving of the broken markup real pages have), with the few reads the
 * extractors need. Start indices let JSON-LD and microdata recipes be put in document order.
 */
export type PageDocument = Document
export type { Element }

/** The page's tree; throws PageTooComplex past the page budget (lib/page-tree.ts). */
export const parsePage = (html: string): PageDocument => parsePageTree(html)

export const attributeOf = (element: Element, name: string): string | undefined => element.attribs[name]

/** Every element under `root`, in document order, that `test` accepts. */
export function elementsWhere(root: AnyNode | AnyNode[], test: (element: Element) => boolean): Element[] {
  const found: Element[] = []
  const stack: AnyNode[] = Array.isArray(root) ? [...root].reverse() : [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (isTag(node)) {
      if (test(node)) found.push(node)
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
    } else if ('children' in node && Array.isArray(node.children)) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
    }
  }
  return found
}

/** Class names that hide an element until asked for (a substitute behind a toggle, a tab), or for good. */
export const hiddenClass = /(?:^|\s)(?:hidden|d-none|hide|is-hidden)(?:\s|$)/

/** Elements never shown as text. */
const hiddenTags = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'button', 'select', 'head'])
/** Elements that start a new line where a browser would. */
const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
])

/** Stands for a block's line break while the source's own whitespace is collapsed (a noncharacter: pages hold none). */
const blockBreak = '\ufdd0'

/**
 * The text of `root` as the source has it, with `blockBreak` wherever a block starts or ends. Walked with a stack of
 * its own (a deep page would overflow the call stack); a string on the stack is a block's closing break.
 */
function rawText(root: AnyNode): string {
  const parts: string[] = []
  const stack: Array<AnyNode | string> = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (typeof node === 'string') {
      parts.push(node)
      continue
    }
    if (isText(node)) {
      parts.push(node.data)
      continue
    }
    if (!isTag(node) || hiddenTags.has(node.name)) continue
    const block = blockTags.has(node.name)
    if (block) {
      parts.push(blockBreak)
      stack.push(blockBreak)
    }
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
  return parts.join('')
}

/**
 * The text a reader sees in `root`, with a line break wherever a block starts or ends. Line breaks in the source are
 * spaces on screen (CSS white-space: normal): only blocks and <br> break lines.
 */
export function visibleText(root: AnyNode): string {
  return rawText(root)
    .replace(/[ \t\n\r\f]+/g, ' ')
    .replaceAll(blockBreak, '\n')
}

/** The text of `root` on one line: every run of whitespace one space. */
export function lineText(root: AnyNode): string {
  return rawText(root)
    .replace(/[\s\ufdd0]+/g, ' ')
    .trim()
}

/**
 * `lineText` of every element whose line is shorter than `limit`, built once from the innermost elements out (a
 * parent's line is its children's, collapsed again), so that asking it of every element of a deep page reads the
 * page once rather than once per ancestor. `elements` in document order; longer lines are left out.
 */
export function shortLines(elements: Element[], limit: number): Map<Element, string> {
  const lines = new Map<Element, string>()
  for (let position = elements.length - 1; position >= 0; position--) {
    const element = elements[position]!
    if (hiddenTags.has(element.name)) {
      lines.set(element, '')
      continue
    }
    const block = blockTags.has(element.name) ? ' ' : ''
    const parts = [block]
    let long = false
    for (const child of element.children) {
      const part = isText(child) ? child.data : isTag(child) ? lines.get(child) : ''
      if (part === undefined) {
        long = true
        break
      }
      parts.push(part)
    }
    if (long) continue
    parts.push(block)
    // Untrimmed, so that the spaces around a child still part it from its neighbours in the parent's line.
    const line = parts.join('').replace(/[\s\ufdd0]+/g, ' ')
    if (line.trim().length < limit) lines.set(element, line)
  }
  for (const [element, line] of lines) lines.set(element, line.trim())
  return lines
}

/** Whether `element` lies somewhere inside `container`. */
export function isInside(element: Element, container: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent === container) return true
  return false
}

/** The class and id of an element, lower case, for generic "what is this block" guesses. */
export function classAndId(element: Element): string {
  return `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`.toLowerCase()
}

export const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/** Hidden by its own markup (a style, the `hidden` attribute or a hiding class); stylesheets are not read. */
export const isHidden = (element: Element) => {
  const style = (attributeOf(element, 'style') ?? '').replace(/\s/g, '').toLowerCase()
  return (
    style.includes('display:none') ||
    element.attribs.hidden !== undefined ||
    hiddenClass.test(element.attribs.class ?? '')
  )
}

/** The items of a list, each on one line; nested lists are read as their own items. */
export function listItems(list: Element): string[] {
  return listItemElements(list)
    .map((item) => lineText(item))
    .filter((line) => line !== '')
}

/** The innermost list items of `list`, in document order. */
export function listItemElements(list: Element): Element[] {
  return elementsWhere(list, (element) => element.name === 'li').filter(
    (item) => !elementsWhere(item.children, (child) => child.name === 'li').length,
  )
}
