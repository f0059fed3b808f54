import { RecipeInput, unsafeInputIssues, type RecipeInputParsed } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import { ingredientInputs } from './ingredient-lines.js'
import type { MigratedRecipe } from './migrated-recipe.js'

export type ImportableRecipe = RecipeInputParsed & { name: string }

/** Why a draft cannot be stored, in the words of the contract's first complaint. */
export class UnstorableRecipe extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ValidationError'
  }
}

/**
 * A migrated draft as the input a PUT would send, checked against the same contract (lengths, counts, text no column
 * can hold), so an oversized or broken record becomes one failed report entry instead of a failed migration.
 */
export async function recipeInputOf(
  ex: Executor,
  groupId: string,
  recipe: MigratedRecipe,
  extraTags: readonly string[],
): Promise<ImportableRecipe> {
  const tags = [...new Set([...recipe.tags, ...extraTags].map((tag) => tag.trim()).filter((tag) => tag !== ''))]
  const candidate = {
    name: recipe.name,
    description: recipe.description ?? '',
    recipeYield: recipe.recipeYield ?? null,
    recipeServings: recipe.recipeServings ?? 0,
    prepTime: recipe.prepTime ?? null,
    cookTime: recipe.cookTime ?? null,
    performTime: recipe.performTime ?? null,
    totalTime: recipe.totalTime ?? null,
    orgURL: recipe.orgURL ?? null,
    dateAdded: recipe.dateAdded ?? null,
    nutrition: recipe.nutrition ?? null,
    notes: recipe.notes,
    tags: tags.map((name) => ({ name })),
    recipeCategory: [...new Set(recipe.categories)].map((name) => ({ name })),
    tools: [...new Set(recipe.tools ?? [])].map((name) => ({ name })),
    recipeIngredient: await ingredientInputs(ex, groupId, recipe.ingredients),
    recipeInstructions: recipe.steps.map((step) => ({ text: step.text, title: step.title ?? '' })),
  }
  const unsafe = unsafeInputIssues(candidate, [])
  if (unsafe[0]) throw new UnstorableRecipe(`${unsafe[0].loc.join('.')}: ${unsafe[0].msg}`)
  const parsed = RecipeInput.safeParse(candidate)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new UnstorableRecipe(`${issue?.path.join('.') ?? 'recipe'}: ${issue?.message ?? 'not a valid recipe'}`)
  }
  if (!parsed.data.dateAdded) delete parsed.data.dateAdded
  return { ...parsed.data, name: parsed.data.name ?? recipe.name }
}
