import type { ScrapedStep } from './instructions.js'
import { compactText } from './line-matching.js'
import { elementsWhere, lineText, visibleText, type PageDocument } from './page-document.js'
import { cleanLine } from './text-cleaning.js'

/**
 * Steps split where the page splits them. Structured data often runs several of the page's paragraphs into one step
 * (joined by a space, or by nothing: "…200 graden.Verhit de olie…"), while the page shows each on its own line. A
 * step whose text is exactly the page's lines put together, in order (other lines, such as an ingredient list, may
 * sit between them), becomes those lines; its words are kept as the
 * page shows them, and nothing is split that the page does not split. Comparison ignores spacing and punctuation.
 * Only steps that show they were run together are split: the whole method came as one string, or a sentence runs
 * into the next without a space. A step the author wrote as one, shown on two lines (a bold lead-in, a tip), stays.
 */

/** Pieces shorter than this (compact) are not trusted as a step of their own: "1", "Tip". */
const shortestPiece = 8
/** How many of the page's lines may sit between two pieces of one step (an ingredient list between paragraphs). */
const widestGap = 60

interface PageLine {
  text: string
  compact: string
}

function pageLines(document: PageDocument): PageLine[] {
  const [body] = elementsWhere(document, (element) => element.name === 'body')
  if (!body) return []
  return visibleText(body)
    .split('\n')
    .map((line) => cleanLine(line))
    .filter((text) => text !== '')
    .map((text) => ({ text, compact: compactText(text) }))
}

/** The page's lines that make up `compact` in order, starting at line `start`; undefined when they do not. */
function piecesFrom(lines: PageLine[], start: number, compact: string): string[] | undefined {
  const pieces: string[] = []
  let rest = compact
  let position = start
  while (rest !== '') {
    let found = -1
    for (let next = position; next < lines.length && next <= position + widestGap; next++) {
      const line = lines[next]!.compact
      if (line.length >= shortestPiece && rest.startsWith(line)) {
        found = next
        break
      }
      if (pieces.length === 0) break
    }
    if (found === -1) return undefined
    pieces.push(lines[found]!.text)
    rest = rest.slice(lines[found]!.compact.length)
    position = found + 1
  }
  return pieces
}

/** A sentence that runs into the next without a space: "…200 graden.Verhit…". */
const seam = /[\p{Ll}\d)][.!?][\p{Lu}]/u

/** `steps` with each run-together step split into the page's lines (`oneString`: the method came as one string). */
export function splitStepsAsShown(steps: ScrapedStep[], document: PageDocument, oneString: boolean): ScrapedStep[] {
  if (steps.length === 0 || (!oneString && !steps.some((step) => seam.test(step.text)))) return steps
  const lines = pageLines(document)
  // A step the page shows as one list item is one step, whatever lines the item breaks it into.
  const itemTexts = new Set(
    elementsWhere(document, (element) => element.name === 'li').map((item) => compactText(lineText(item))),
  )
  const starts = new Map<string, number[]>()
  lines.forEach((line, index) => {
    const key = line.compact.slice(0, shortestPiece)
    if (line.compact.length >= shortestPiece) starts.set(key, [...(starts.get(key) ?? []), index])
  })
  return steps.flatMap((step) => {
    if (!oneString && !seam.test(step.text)) return [step]
    const compact = compactText(step.text)
    if (itemTexts.has(compact)) return [step]
    for (const start of starts.get(compact.slice(0, shortestPiece)) ?? []) {
      if (lines[start]!.compact.length >= compact.length) continue
      const pieces = piecesFrom(lines, start, compact)
      if (pieces && pieces.length > 1)
        return pieces.map((text, index) => ({ title: index === 0 ? step.title : '', text }))
    }
    return [step]
  })
}
