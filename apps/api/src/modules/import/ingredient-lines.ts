import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import type { ScrapedIngredient } from './ingredient-groups.js'

/** An ingredient as an object (not the bare-string form RecipeInput also takes). */
export type StructuredIngredientInput = Extract<RecipeIngredientInput, { quantity?: unknown }>

/**
 * The one place imported ingredient lines become recipe ingredients. Until the parser's
 * `parseAndMatchIngredients(executor, groupId, lines)` (modules/parser) is on main, each line is kept as its note;
 * switching is a change of this function alone. `originalText` is the line as the page gave it either way, and a
 * group's heading is the `title` of its first line (reference §3.2 RecipeIngredient).
 */
export function ingredientsFromLines(
  _executor: Executor,
  _caller: Caller,
  lines: readonly ScrapedIngredient[],
): Promise<StructuredIngredientInput[]> {
  return Promise.resolve(
    lines.map(({ title, line }) => ({
      note: line,
      originalText: line,
      title: title === '' ? null : title,
    })),
  )
}
