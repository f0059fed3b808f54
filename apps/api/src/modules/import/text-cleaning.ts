import { decodeHTML } from 'entities'
import { ruleOn } from './page-rules.js'

/**
 * Text as pages give it, made plain (docs/mealie-compatibility.md "Cleaning scraped fields" clean_string): tags removed, HTML entities decoded, whitespace
 * collapsed. Structured data often carries markup and entities (`<p>Tom &amp;amp; Jerry</p>`), sometimes twice.
 */

/** A tag, not a lone "<" in "1 < 2": a letter, "/" or "!" must follow it. */
const tagPattern = /<\/?[a-zA-Z!][^<>]*>/g
/** Tags that end a line or a block when a page puts markup inside a text value. */
const lineBreakTags = /<(?:br|\/p|\/li|\/div|\/h[1-6])\b[^<>]*>/gi
const entityPattern = /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});/

/** The first string a value holds: a list gives its first item, a number its decimal form, anything else "". */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textOf(item)
      if (text.trim() !== '') return text
    }
  }
  return ''
}

/** Tags out, entities decoded, tags out again (the decoding may reveal some), then once more if still encoded. */
function plain(text: string): string {
  let result = decodeHTML(text.replace(tagPattern, '')).replace(tagPattern, '')
  if (entityPattern.test(result)) result = decodeHTML(result).replace(tagPattern, '')
  return result
}

/**
 * UTF-8 bytes of one Latin-1 character read as two Latin-1 ones ("Â½" for "½", "Ã©" for "é"): the common case of a
 * page encoded twice. Other lead bytes are left alone, as "Ö°" or "Ü·" may be meant.
 */
const mojibakePair = /[\u00c2\u00c3][\u0080-\u00bf]/g

/** Mends text a page encoded twice: each Latin-1 pair that is a two-byte UTF-8 sequence becomes its character. */
export function mendMojibake(text: string): string {
  if (!ruleOn('mend-mojibake')) return text
  return text.replace(mojibakePair, (pair) => Buffer.from(pair, 'latin1').toString('utf8'))
}

/** One line of text: a name, an ingredient, a step. Every run of whitespace (NBSP too) becomes one space. */
export function cleanLine(value: unknown): string {
  return mendMojibake(plain(textOf(value)))
    .replace(/[\s\u00a0\u200b\ufeff]+/gu, ' ')
    .trim()
}

/** Text with its own lines (a step string, a description): split where the page broke it, each line cleaned. */
export function cleanLines(value: unknown): string[] {
  const text = textOf(value).replace(lineBreakTags, '\n')
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map(cleanLine)
    .filter((line) => line !== '')
}

/** A description: paragraphs kept (one blank line between), everything else as cleanLine does. */
export function cleanParagraphs(value: unknown): string {
  return cleanLines(value).join('\n\n')
}
