/**
 * The key that tells whether two names of foods or units are one: letter case, accents, punctuation and the plural
 * ending are ignored ("Cups" = "cup", "Crème fraîche" = "creme fraiche", "radishes" = "radish", "tomatoes" =
 * "tomato", "poireaux" = "poireau"). PostgreSQL computes the same key in `ingredient_name_key(text)` (migration
 * 0012) for the `name_key` columns whose unique indexes keep a group from holding two names with one key; the test
 * next to this file holds the two to the same answers.
 */

/** Letters unaccent spells with two (ß → ss); stripping combining marks alone would keep them. */
const spelledOut: Readonly<Record<string, string>> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', ł: 'l', đ: 'd' }

/** Between words: spaces and the punctuation names carry ("c.à.s.", "small-to-medium", "fl. oz"). */
const separators = /[\s.,;:!?()[\]{}"'‘’`´/\\_-]+/

/** A word's singular by its ending, for the languages seeded (English and French mostly end plurals in s or x). */
function singular(word: string): string {
  if (word.length < 4 || /(ss|us|is)$/.test(word)) return word
  if (word.endsWith('eaux')) return word.slice(0, -1)
  // "glass" and "glasses", "tasse" and "tasses" (French cups) alike end in "ss".
  if (word.endsWith('sse')) return word.slice(0, -1)
  if (word.endsWith('oes')) return word.slice(0, -2)
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  // "berry" and "berries" both become "berrie", as "cookie" and "cookies" become "cookie".
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ie`
  if (word.endsWith('s')) return word.slice(0, -1)
  return word
}

export function ingredientNameKey(name: string): string {
  const plain = name
    .toLowerCase()
    .normalize('NFD')
    // Latin accents only, as unaccent drops them: a kana's voicing mark stays with its kana ("ベーコン").
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[ßœæøłđ]/g, (letter) => spelledOut[letter]!)
  const words = plain.split(separators).filter(Boolean)
  return words.length === 0 ? name.toLowerCase().trim() : words.map(singular).join(' ')
}

/**
 * The entries in the order of their names' keys. Every write that may create several foods or units inserts them in
 * this one order, so that two transactions creating the same ones wait for each other instead of each holding a row
 * the other needs (PostgreSQL's `deadlock detected`).
 */
export function inNameKeyOrder<Entry extends { name: string }>(entries: readonly Entry[]): Entry[] {
  return entries
    .map((entry) => ({ entry, key: ingredientNameKey(entry.name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ entry }) => entry)
}
