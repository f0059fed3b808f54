import { TextDecoder } from 'node:util'

/**
 * A page's bytes as text, in the encoding the page declares (docs/mealie-compatibility.md "Fetching a recipe page"): a byte-order mark first,
 * then the charset of the Content-Type header, then `<meta charset>` or `<meta http-equiv="Content-Type">` in the
 * first 4 KB (as browsers look), else UTF-8. Node's TextDecoder (WHATWG encodings, full ICU) reads every label
 * browsers know; bytes that do not decode become U+FFFD rather than failing the import.
 */

const sniffBytes = 4096

function byteOrderMark(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8'
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be'
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le'
  return null
}

export function charsetOfContentType(contentType: string | undefined): string | null {
  const match = /charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType ?? '')
  return match ? match[1]!.toLowerCase() : null
}

function charsetOfMeta(body: Buffer): string | null {
  // Latin-1 keeps every byte as one character, so the ASCII markup reads the same whatever the real encoding is.
  const head = body.subarray(0, sniffBytes).toString('latin1')
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)
  return direct ? direct[1]!.toLowerCase() : null
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null
  try {
    return new TextDecoder(label, { fatal: false })
  } catch {
    return null
  }
}

export function decodePage(body: Buffer, contentType?: string): string {
  const decoder =
    decoderFor(byteOrderMark(body)) ??
    decoderFor(charsetOfContentType(contentType)) ??
    decoderFor(charsetOfMeta(body)) ??
    new TextDecoder('utf-8')
  // A page that declares UTF-16 in a <meta> is ASCII-compatible bytes in fact (HTML's own rule).
  const effective = decoder.encoding.startsWith('utf-16') && !byteOrderMark(body) ? new TextDecoder('utf-8') : decoder
  return effective.decode(body)
}
