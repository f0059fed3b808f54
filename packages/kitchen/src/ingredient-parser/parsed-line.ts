import type { Label } from './sequence-model.js'
import type { Token } from './tokenise.js'

/**
 * The shapes the parser's steps hand each other: labelled tokens in, parsed parts out. On their own so that the steps
 * (assemble, line-amounts, alternatives, label-corrections) depend on them and not on one another.
 */

/** One amount of a line: "150g" and "5½oz" of "150g/5½oz butter" are two. */
export interface ParsedAmount {
  quantity: number | null
  /** The top of a range ("2-3" → 3), or null. */
  quantity2: number | null
  unit: string | null
}

/** How sure the parser is of each part, 0–1, or null for a part the line does not have. */
export interface PartConfidence {
  /**
   * How sure the parser is of the whole line (Mealie's name for it): the product of the token confidences, capped
   * below "sure" when the parse leaves a word out. Not the mean of the parts, which stayed high when one word was wrong.
   */
  average: number | null
  quantity: number | null
  unit: number | null
  food: number | null
  comment: number | null
}

/** What the parser makes of one ingredient line. */
export interface ParsedIngredientLine {
  /** The line as given. */
  input: string
  /** A section heading ("For the sauce:") rather than an ingredient; then only `title` is filled. */
  title: string | null
  quantity: number | null
  quantity2: number | null
  /** The unit as written ("tbsp", "EL"); `canonicalUnitName` gives its standard name. */
  unit: string | null
  food: string | null
  /** Size, preparation, comment and purpose, in the order the line has them. */
  note: string
  /** Every amount of the line, the first one being `quantity`/`unit`. */
  amounts: ParsedAmount[]
  confidence: PartConfidence
  /** Whether the parse can be saved as it is (`confidence.average` at or above `sureConfidence`). */
  sure: boolean
}

export interface LabelledToken {
  token: Token
  label: Label
  confidence: number
}
