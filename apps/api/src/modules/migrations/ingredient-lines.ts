import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import type { MigratedIngredient } from './migrated-recipe.js'

/**
 * Imported ingredient lines as stored ingredients. The one place where imports meet the ingredient parser: until
 * `parseAndMatchIngredients` (modules/parser) lands, a line is kept as its note with the original text beside it.
 */
export function ingredientInputs(
  _ex: Executor,
  _groupId: string,
  lines: readonly MigratedIngredient[],
): Promise<RecipeIngredientInput[]> {
  return Promise.resolve(
    lines.map((line) => ({
      note: line.text,
      originalText: line.text,
      ...(line.title ? { title: line.title } : {}),
    })),
  )
}
