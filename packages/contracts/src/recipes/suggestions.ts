import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery } from '../common/pagination.js'
import { IngredientFood } from '../foods/models.js'
import { RecipeTool } from '../organizers/models.js'
import { RecipeFilterable, RecipeSummary } from './models.js'

/** `foods=<uuid>&foods=<uuid>`: one id or several. */
const repeatedIds = z
  .union([z.uuid(), z.array(z.uuid()).max(200)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional()

const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === 'True' || value === '1')
    .default(fallback)

const count = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback)

/** Mealie's RecipeSuggestionQuery (docs/mealie-compatibility.md "Recipe suggestions", docs/mealie-compatibility.md "After Mealie 2.0"): the order and filter of a list, no pages. */
export const RecipeSuggestionQuery = PaginationQuery.pick({
  orderBy: true,
  orderDirection: true,
  orderByNullPosition: true,
  queryFilter: true,
  paginationSeed: true,
}).extend({
  foods: repeatedIds,
  tools: repeatedIds,
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  maxMissingFoods: count(5, 1000),
  maxMissingTools: count(5, 1000),
  includeFoodsOnHand: flag(true),
  includeToolsOnHand: flag(true),
})
export type RecipeSuggestionQuery = z.input<typeof RecipeSuggestionQuery>

export const RecipeSuggestionItem = z
  .object({ recipe: RecipeSummary, missingFoods: z.array(IngredientFood), missingTools: z.array(RecipeTool) })
  .meta({ id: 'RecipeSuggestionResponseItem' })
export type RecipeSuggestionItem = z.infer<typeof RecipeSuggestionItem>

export const RecipeSuggestions = z
  .object({ items: z.array(RecipeSuggestionItem) })
  .meta({ id: 'RecipeSuggestionResponse' })
export type RecipeSuggestions = z.infer<typeof RecipeSuggestions>

const suggestionGroup = endpointGroup({
  tags: ['Recipe: CRUD'],
  auth: 'user',
  errors: { 400: ErrorResponse },
})

export const suggestRecipes = suggestionGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/suggestions',
  summary:
    "What can I make: the group's recipes with the fewest foods and tools missing from the given ones and the household's on-hand",
  query: RecipeSuggestionQuery,
  filterable: RecipeFilterable,
  responses: { 200: RecipeSuggestions },
})

export const recipeSuggestionEndpoints = [suggestRecipes] as const
