import { randomUUID } from 'node:crypto'
import { RecipeInput, type RecipeInputParsed } from '@larder/contracts'
import { slugify } from '../../lib/slugs.js'
import type { StructuredIngredientInput } from './ingredient-lines.js'
import type { ScrapedRecipe } from './page-recipe.js'

/** How an import treats a page's keywords and categories, and the organizers a bulk line asks for instead. */
export interface OrganizerChoice {
  includeTags: boolean
  includeCategories: boolean
  /** Bulk import: the line's own tags and categories replace what the page says (docs/mealie-compatibility.md "Bulk URL import"). */
  tags?: ReadonlyArray<{ id?: string | null | undefined; name: string; slug?: string | null | undefined }> | null
  categories?: ReadonlyArray<{ id?: string | null | undefined; name: string; slug?: string | null | undefined }> | null
}

const clip = (text: string | null, length: number) => (text === null ? null : text.slice(0, length))

const byName = (name: string) => ({ name, slug: slugify(name) })

const organizerReferences = (
  given: OrganizerChoice['tags'],
): Array<{ id?: string | null; name: string; slug?: string }> | undefined =>
  given && given.length > 0
    ? given.map((item) => ({
        ...(item.id ? { id: item.id } : {}),
        name: item.name,
        slug: item.slug || slugify(item.name),
      }))
    : undefined

/**
 * The recipe to create from what was scraped, within the limits of RecipeInput (so a page with a 3,000-character
 * ingredient line or 900 steps is imported clipped, not refused). The name is chosen by the caller of this.
 */
export function recipeContentOf(
  recipe: ScrapedRecipe,
  ingredients: StructuredIngredientInput[],
  organizers: OrganizerChoice,
): RecipeInputParsed & { name: string } {
  const tags =
    organizerReferences(organizers.tags) ?? (organizers.includeTags ? recipe.keywords.map(byName) : undefined)
  const categories =
    organizerReferences(organizers.categories) ??
    (organizers.includeCategories ? recipe.categories.map(byName) : undefined)
  const input = RecipeInput.parse({
    description: recipe.description.slice(0, 20_000),
    recipeYield: clip(recipe.yields.recipeYield, 500),
    recipeYieldQuantity: recipe.yields.recipeYieldQuantity,
    recipeServings: recipe.yields.recipeServings,
    totalTime: clip(recipe.totalTime, 500),
    prepTime: clip(recipe.prepTime, 500),
    performTime: clip(recipe.performTime, 500),
    orgURL: clip(recipe.orgUrl, 2000),
    nutrition: recipe.nutrition,
    recipeIngredient: ingredients.slice(0, 500).map((ingredient) => ({
      ...ingredient,
      note: ingredient.note?.slice(0, 2000) ?? null,
      originalText: ingredient.originalText?.slice(0, 2000) ?? null,
      title: ingredient.title?.slice(0, 500) ?? null,
    })),
    recipeInstructions: recipe.steps.slice(0, 500).map((step) => ({
      title: step.title.slice(0, 500),
      text: step.text.slice(0, 20_000),
    })),
    ...(tags ? { tags: tags.filter((tag) => tag.slug).slice(0, 200) } : {}),
    ...(categories ? { recipeCategory: categories.filter((category) => category.slug).slice(0, 200) } : {}),
  })
  // Mealie's name for a recipe whose page gave none (docs/mealie-compatibility.md "Reading a recipe from a page"), unique so that it never collides.
  const name = recipe.name.trim() || `No Recipe Name Found - ${randomUUID()}`
  return { ...input, name: name.slice(0, 500) }
}
