import type { IngredientFood, RecipeSummary, RecipeTool } from '@larder/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { httpClient } from '@/api/http'

/*
 * `GET /api/recipes/suggestions` (reference §2.7.8) is being added to the contracts on branch p3-bulk
 * (packages/contracts/src/recipes/suggestions.ts: `suggestRecipes`). Until it reaches main, the finder calls it
 * through the HTTP client with the shapes that contract declares; once merged, this file switches to
 * `call(suggestRecipes, { query })` and the contract's types.
 */

/** RecipeSuggestionResponseItem */
export interface RecipeSuggestion {
  recipe: RecipeSummary
  missingFoods: IngredientFood[]
  missingTools: RecipeTool[]
}

export interface SuggestionInput {
  foods: string[]
  tools: string[]
  maxMissingFoods: number
  maxMissingTools: number
}

/** How many suggestions the finder shows. */
export const suggestionLimit = 60

function searchOf(input: SuggestionInput): URLSearchParams {
  const search = new URLSearchParams()
  for (const id of input.foods) search.append('foods', id)
  for (const id of input.tools) search.append('tools', id)
  search.set('maxMissingFoods', String(input.maxMissingFoods))
  search.set('maxMissingTools', String(input.maxMissingTools))
  // The pickers start with what is on hand; what the user removes from them counts as missing.
  search.set('includeFoodsOnHand', 'false')
  search.set('includeToolsOnHand', 'false')
  search.set('limit', String(suggestionLimit))
  return search
}

export const suggestionsQuery = (input: SuggestionInput) =>
  queryOptions({
    queryKey: ['recipes', 'suggestions', input] as const,
    queryFn: async () =>
      (await httpClient.send({ method: 'GET', path: '/api/recipes/suggestions', searchParams: searchOf(input) })) as {
        items: RecipeSuggestion[]
      },
  })

export function useSuggestions(input: SuggestionInput | null) {
  return useQuery({
    ...suggestionsQuery(input ?? { foods: [], tools: [], maxMissingFoods: 0, maxMissingTools: 0 }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  })
}
