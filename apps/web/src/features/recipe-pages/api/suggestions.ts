import { suggestRecipes } from '@larder/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'

export interface SuggestionInput {
  foods: string[]
  tools: string[]
  maxMissingFoods: number
  maxMissingTools: number
}

/** How many suggestions the finder shows. */
export const suggestionLimit = 60

/** `GET /api/recipes/suggestions` (docs/mealie-compatibility.md "Recipe suggestions"): the recipes missing the fewest of the chosen foods and tools. */
export const suggestionsQuery = (input: SuggestionInput) =>
  queryOptions({
    queryKey: ['recipes', 'suggestions', input] as const,
    queryFn: () =>
      call(suggestRecipes, {
        query: {
          ...input,
          // The pickers start with what is on hand; what the user removes from them counts as missing.
          includeFoodsOnHand: false,
          includeToolsOnHand: false,
          limit: suggestionLimit,
        },
      }),
  })

export function useSuggestions(input: SuggestionInput | null) {
  return useQuery({
    ...suggestionsQuery(input ?? { foods: [], tools: [], maxMissingFoods: 0, maxMissingTools: 0 }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  })
}
