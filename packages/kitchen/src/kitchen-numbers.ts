/**
 * Numbers as recipes write them: "2", "1.5", "1,5", "½", "1½", "1 ½", "1 1/2", "3/4", "1⁄2".
 * Shared by the servings, duration and timer readers so they all accept the same spellings.
 */

export const vulgarFractionValues: Readonly<Record<string, number>> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
}

const vulgarClass = '[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]'

/**
 * Regular-expression source for one number, without capture groups, longest spellings first:
 * "1 1/2", "1/2", "1½", "1 ½", "1.5", "1,5", "½", "2".
 */
export const numberPattern = `(?:\\d+[ \\u00a0]+\\d+[/⁄]\\d+|\\d+[/⁄]\\d+|\\d+[ \\u00a0]?${vulgarClass}|\\d+(?:[.,]\\d+)?|${vulgarClass})`

const wholeNumber = new RegExp(`^${numberPattern}$`)

/** The value of a number written as `numberPattern` matches, or null ("1 1/2" → 1.5, "1,5" → 1.5, "x" → null). */
export function parseKitchenNumber(text: string): number | null {
  const trimmed = text.trim()
  if (!wholeNumber.test(trimmed)) return null
  const last = trimmed[trimmed.length - 1] ?? ''
  const vulgar = vulgarFractionValues[last]
  if (vulgar !== undefined) {
    const whole = trimmed.slice(0, -1).trim()
    return (whole ? Number(whole) : 0) + vulgar
  }
  const slash = trimmed.search(/[/⁄]/)
  if (slash >= 0) {
    const space = trimmed.search(/[ \u00a0]/)
    const whole = space >= 0 ? Number(trimmed.slice(0, space)) : 0
    const numerator = Number(trimmed.slice(space >= 0 ? space + 1 : 0, slash).trim())
    const denominator = Number(trimmed.slice(slash + 1))
    return denominator === 0 ? null : whole + numerator / denominator
  }
  return Number(trimmed.replace(',', '.'))
}
