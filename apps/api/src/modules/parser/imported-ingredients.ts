import type { RecipeIngredientInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import { parseAndMatchIngredients } from './service.js'

/** One ingredient line as an importer found it, with the heading of its group when it opens one. */
export interface ImportedIngredientLine {
  text: string
  title?: string | null
}

/**
 * The one place imported ingredient lines (pages, migrations, photos) become recipe ingredients: parsed by Larder's
 * own model and matched to the group's foods and units, the line kept as `originalText` and a group's heading as the
 * `title` of its first line (docs/mealie-compatibility.md "Recipe model"). Units and foods the group lacks come back by name, for the importer to
 * create with the recipe, so an imported recipe scales and converts like one typed in.
 */
export async function parseImportedIngredients(
  ex: Executor,
  groupId: string,
  lines: readonly ImportedIngredientLine[],
): Promise<Extract<RecipeIngredientInput, { quantity?: unknown }>[]> {
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
