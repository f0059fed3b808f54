import { DomHandler, type Document } from 'domhandler'
import { Parser } from 'htmlparser2'

/**
 * How deep and how large a page may be. The deepest page of the recipe corpus nests 36 elements and the largest holds
 * about 4,000; a page past these is built to hurt (100,000 nested <div>s), and the parser itself slows down with
 * depth (it keeps the open elements in an array it shifts), so it is refused while being read, not after.
 */
export const pageBudget = { maxDepth: 256, maxElements: 100_000 }

/** A page past `pageBudget`, or one that took too long to read. */
export class PageTooComplex extends Error {
  constructor() {
    super('This page is too complex to read')
    this.name = 'PageTooComplex'
  }
}

/** The DOM builder, counting open elements and elements so far. */
class BudgetedHandler extends DomHandler {
  private depth = 0
  private elements = 0

  override onopentag(name: string, attributes: Record<string, string>): void {
    this.depth++
    this.elements++
    if (this.depth > pageBudget.maxDepth || this.elements > pageBudget.maxElements) throw new PageTooComplex()
    super.onopentag(name, attributes)
  }

  override onclosetag(): void {
    this.depth--
    super.onclosetag()
  }
}

/**
 * A page as a tree (htmlparser2: fast, and forgiving of the broken markup real pages have), start indices kept so
 * that recipes can be put in document order. Throws PageTooComplex past `pageBudget`.
 */
export function parsePageTree(html: string): Document {
  const handler = new BudgetedHandler(undefined, { withStartIndices: true })
  new Parser(handler, { decodeEntities: true, lowerCaseAttributeNames: true }).end(html)
  return handler.root
}
