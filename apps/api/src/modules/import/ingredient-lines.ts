import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { parseImportedIngredients } from '../parser/index.js'
import type { ScrapedIngredient } from './ingredient-groups.js'

/** An ingredient as an object (not the bare-string form RecipeInput also takes). */
export type StructuredIngredientInput = Extract<RecipeIngredientInput, { quantity?: unknown }>

/** A page's ingredient lines, parsed and matched to the caller's group (modules/parser). */
export function ingredientsFromLines(
  executor: Executor,
  caller: Caller,
  lines: readonly ScrapedIngredient[],
): Promise<StructuredIngredientInput[]> {
  return parseImportedIngredients(
    executor,
    caller.groupId,
    lines.map(({ title, line }) => ({ text: line, title })),
  )
}
