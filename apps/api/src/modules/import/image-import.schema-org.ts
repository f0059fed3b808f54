import type { RecipeNote } from '@larder/contracts'
import { hasType, isObject, type SchemaNode } from './json-ld.js'
import type { ScrapedRecipe } from './page-recipe.js'
import { scrapeSchemaOrgRecipe } from './pasted-recipe.js'
import { cleanParagraphs, cleanLine } from './text-cleaning.js'

/**
 * The schema.org Recipe a provider read from photos, read by the scraper's own cleaner (pasted-recipe.ts), so a
 * photographed recipe gets the same names, times, yields, steps and ingredient lines as a page. Only what a page
 * never has is read here: where a JSON-mode model may put the recipe, and the notes the prompt asks for.
 */

/** The recipe in the answer: the object itself or under `recipe`; `@graph` is the scraper's to search. */
function recipeNodeOf(answer: SchemaNode): SchemaNode {
  const node = isObject(answer.recipe) ? answer.recipe : answer
  // A model may leave out the type the prompt asks for; what it answered is the recipe all the same.
  if (Array.isArray(node['@graph']) || hasType(node, 'Recipe')) return node
  return { ...node, '@type': 'Recipe' }
}

/** The prompt's `notes`: tips and remarks that are neither ingredients nor steps (not a schema.org field). */
function notesOf(value: unknown): RecipeNote[] {
  if (!Array.isArray(value)) return []
  return value
    .map((item: unknown) => ({
      title: isObject(item) ? cleanLine(item.title).slice(0, 500) : '',
      text: cleanParagraphs(isObject(item) ? item.text : item).slice(0, 20_000),
    }))
    .filter((note) => note.text !== '')
    .slice(0, 100)
}

export interface PhotoRecipe {
  recipe: ScrapedRecipe
  notes: RecipeNote[]
}

/**
 * The recipe in the provider's answer, or null when it holds none: no ingredients and no steps (what the prompt asks a
 * model to answer, `{}`, for a photo without a recipe).
 */
export function recipeFromSchemaOrg(answer: Record<string, unknown>): PhotoRecipe | null {
  // The answer was parsed from JSON text, so it holds nothing but JSON values.
  const node = recipeNodeOf(answer as SchemaNode)
  const { recipe } = scrapeSchemaOrgRecipe(node)
  if (!recipe || (recipe.ingredients.length === 0 && recipe.steps.length === 0)) return null
  // A card without a title is not a page without one: no "No Recipe Name Found" name for it.
  if (recipe.name === '') recipe.name = 'Untitled'
  return { recipe, notes: notesOf(node.notes) }
}
