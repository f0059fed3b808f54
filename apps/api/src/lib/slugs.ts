import { decode } from 'html-entities'
import unidecode from 'unidecode'

/*
 * Mealie slugifies every name with python-slugify's defaults, which transliterate through text-unidecode (the tables
 * of Perl's Text::Unidecode). The `unidecode` package carries the same tables in a later edition; measured over every
 * code point of the Basic Multilingual Plane, its slugs differ from text-unidecode's in the blocks and code points
 * below and nowhere else, so these few lines restore the older edition rather than a table of our own.
 */

/** Blocks (code point >> 8) that text-unidecode has no reading for: each character there becomes `[?]`. */
const unreadBlocks: ReadonlyArray<readonly [number, number]> = [
  [0x08, 0x08],
  [0x19, 0x1d],
  [0x22, 0x23],
  [0x29, 0x2f],
  [0x34, 0x4d],
  [0xa5, 0xab],
  [0xe0, 0xf8],
]

/** Code points the later edition reads and text-unidecode does not (or reads otherwise). */
const olderReadings: ReadonlyArray<readonly [number, number, string]> = [
  [0x0080, 0x009f, ''], // C1 controls: text-unidecode drops them; the later edition reads them as Windows-1252
  [0x02e5, 0x02eb, ''], // tone letters
  [0x02ef, 0x02ef, '[?]'],
  [0x02f3, 0x02f3, '[?]'],
  [0x03f6, 0x03ff, '[?]'],
  [0x06ff, 0x06ff, '[?]'],
  [0x0af1, 0x0af1, '[?]'],
  [0x0af9, 0x0af9, '[?]'],
  [0x13f5, 0x13fd, '[?]'],
  [0x1efa, 0x1eff, '[?]'],
  [0x25f4, 0x25f7, '#'],
  [0xa7f1, 0xa7f1, '[?]'],
  [0xfdfd, 0xfdfd, '[?]'],
]

/** text-unidecode's reading of one character: ASCII letters for any script, nothing beyond the Multilingual Plane. */
function transliterateCharacter(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0
  if (codePoint < 0x80) return character
  if (codePoint > 0xffff) return ''
  const block = codePoint >> 8
  if (unreadBlocks.some(([first, last]) => block >= first && block <= last)) return '[?]'
  const older = olderReadings.find(([first, last]) => codePoint >= first && codePoint <= last)
  return older ? older[2] : unidecode(character)
}

const transliterate = (text: string) => Array.from(text, transliterateCharacter).join('')

/** HTML 4 names only, as Python's `name2codepoint`: `&apos;` is HTML 5's and stays as written. */
function decodeNamedEntities(text: string): string {
  return text.replace(/&([A-Za-z0-9]+);/g, (entity, name: string) =>
    name === 'apos' ? entity : decode(entity, { level: 'html4', scope: 'strict' }),
  )
}

/** Python replaces all numeric references of one kind or, when one of them is out of range, none of them. */
function decodeNumericEntities(text: string, pattern: RegExp, radix: number): string {
  try {
    return text.replace(pattern, (_entity, digits: string) => String.fromCodePoint(Number.parseInt(digits, radix)))
  } catch {
    return text
  }
}

/**
 * URL slug of a name, as Mealie makes it (python-slugify's `slugify(name)`): apostrophes split words, every script
 * is transliterated to ASCII letters, HTML entities are read, thousands separators between digits are dropped, and
 * any other run of characters becomes one hyphen. `Skillet Shepherd's Pie` → `skillet-shepherd-s-pie`,
 * `Smørrebrød` → `smorrebrod`, `麻婆豆腐` → `ma-po-dou-fu`. The one slug function for every slugged name.
 */
export function slugify(name: string): string {
  let text = name.replace(/'+/g, '-').normalize('NFKD')
  text = transliterate(text)
  text = decodeNamedEntities(text)
  text = decodeNumericEntities(text, /&#(\d+);/g, 10)
  text = decodeNumericEntities(text, /&#x([\da-fA-F]+);/g, 16)
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/'+/g, '')
    .replace(/(?<=\p{Nd}),(?=\p{Nd})/gu, '')
    .replace(/[^-a-zA-Z0-9]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
}
