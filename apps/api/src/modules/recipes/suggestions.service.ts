import type { IngredientFood, RecipeSuggestions, RecipeTool } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import type { ListQuery } from '../../http/list-query/index.js'
import { recipeSummaries } from './recipe-loader.repo.js'
import { suggestionRows, type SuggestionCriteria } from './suggestions.repo.js'

/** PostgreSQL's JSON timestamps (`…+00:00`) as the ISO text every other answer uses. */
const iso = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : null)

export type SuggestionQuery = ListQuery &
  Omit<SuggestionCriteria, 'foods' | 'tools'> & { foods?: string[] | undefined; tools?: string[] | undefined }

/**
 * GET /api/recipes/suggestions (docs/mealie-compatibility.md "Recipe suggestions", docs/mealie-compatibility.md "After Mealie 2.0"): the whole group's recipes, on-hand meaning the caller's
 * household's. Two statements: the suggestions with their missing foods and tools, then the page's summaries.
 */
export function createRecipeSuggestionService(deps: { db: Database }) {
  const { db } = deps
  return {
    async suggest(caller: Caller, query: SuggestionQuery): Promise<RecipeSuggestions> {
      const { foods, tools, limit, maxMissingFoods, maxMissingTools, includeFoodsOnHand, includeToolsOnHand, ...list } =
        query
      const rows = await suggestionRows(
        db,
        caller,
        {
          foods: [...new Set(foods ?? [])],
          tools: [...new Set(tools ?? [])],
          limit,
          maxMissingFoods,
          maxMissingTools,
          includeFoodsOnHand,
          includeToolsOnHand,
        },
        list,
      )
      const summaries = new Map(
        (
          await recipeSummaries(
            db,
            caller,
            rows.map((row) => row.recipeId),
          )
        ).map((summary) => [summary.id, summary]),
      )
      return {
        items: rows.flatMap((row) => {
          const recipe = summaries.get(row.recipeId)
          if (!recipe) return []
          return [
            {
              recipe,
              missingFoods: row.missingFoods.map(
                (food) =>
                  ({ ...food, createdAt: iso(food.createdAt), updatedAt: iso(food.updatedAt) }) as IngredientFood,
              ),
              missingTools: row.missingTools as RecipeTool[],
            },
          ]
        }),
      }
    },
  }
}

export type RecipeSuggestionService = ReturnType<typeof createRecipeSuggestionService>
