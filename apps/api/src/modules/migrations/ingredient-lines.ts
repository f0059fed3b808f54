import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import { parseImportedIngredients } from '../parser/index.js'
import type { MigratedIngredient } from './migrated-recipe.js'

/** A migrated recipe's ingredient lines, parsed and matched to the group's foods and units (modules/parser). */
export function ingredientInputs(
  ex: Executor,
  groupId: string,
  lines: readonly MigratedIngredient[],
): Promise<RecipeIngredientInput[]> {
  return parseImportedIngredients(ex, groupId, lines)
}
