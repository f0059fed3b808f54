import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import { parseAndMatchIngredients } from '../parser/index.js'
import type { MigratedIngredient } from './migrated-recipe.js'

/**
 * Imported ingredient lines as stored ingredients: parsed by Larder's own model and matched to the group's foods and
 * units (modules/parser), the line kept as `originalText`. Units and foods the group lacks come back by name and are
 * created with the recipe, so the imported recipe scales and converts like one typed in.
 */
export async function ingredientInputs(
  ex: Executor,
  groupId: string,
  lines: readonly MigratedIngredient[],
): Promise<RecipeIngredientInput[]> {
  const parsed = await parseAndMatchIngredients(
    ex,
    groupId,
    lines.map((line) => line.text),
  )
  return lines.map((line, index) => ({
    ...parsed[index]!,
    originalText: line.text,
    ...(line.title ? { title: line.title } : {}),
  }))
}
