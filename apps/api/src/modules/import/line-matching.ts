/**
 * Whether two lists of lines say the same thing in different words: the structured data's ingredients and the list the
 * page shows, written by the same author but often printed differently ("1/2" and "½", "verse ravioli 500gr" and
 * "500 gr verse ravioli (…)", notes in doubled brackets). Lines are compared by their words, not their numbers, since
 * quantities are what pages most often render differently (unit conversions, fractions).
 */

/** The words of a line: letters only, lower case, accents kept (they tell languages' words apart). */
function wordsOf(line: string): Set<string> {
  return new Set(line.toLowerCase().match(/\p{L}+/gu) ?? [])
}

/** Share of the shorter line's words found in the other (overlap coefficient); 0 when either has no words. */
function lineSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared / Math.min(a.size, b.size)
}

const sameIngredient = 0.6

/**
 * The lines of `a` and `b` that pair up, in order (each line used once): the longest common subsequence under word
 * similarity, so that an extra or missing line on either side costs only itself.
 */
export function pairedLines(a: readonly string[], b: readonly string[]): Array<[string, string]> {
  const wordsA = a.map(wordsOf)
  const wordsB = b.map(wordsOf)
  const same = (i: number, j: number) => lineSimilarity(wordsA[i]!, wordsB[j]!) >= sameIngredient
  // lengths[i][j]: pairs between a[i…] and b[j…].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] = same(i, j) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  const pairs: Array<[string, string]> = []
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (same(i, j) && lengths[i]![j] === lengths[i + 1]![j + 1]! + 1) pairs.push([a[i++]!, b[j++]!])
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++
    else j++
  }
  return pairs
}

/** Share of the longer list's lines that pair with a line of the other: 1 when both say the same, line by line. */
export function listAgreement(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0
  return pairedLines(a, b).length / Math.max(a.length, b.length)
}

/** The text as a comparable string: letters and digits only, lower case (spacing and punctuation ignored). */
export const compactText = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
