import {
  duplicateRecipe,
  endpointAddress,
  getRecipe,
  listRecipes,
  patchRecipe,
  setRecipeLastMade,
  updateRecipe,
  type QueryInputOf,
  type Recipe,
  type RecipeInput,
  type RecipeSummary,
} from '@larder/contracts'
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { embeddedAnswersTime, takeEmbeddedAnswer } from '@/app/first-paint'
import type { Paginated } from '@/components/paginated'

export type RecipeListQuery = QueryInputOf<typeof listRecipes>

/** Every recipe query key starts with `recipes`, so one invalidation refreshes lists and pages after a change. */
export const recipeKeys = {
  all: ['recipes'] as const,
  lists: () => [...recipeKeys.all, 'list'] as const,
  list: (query: RecipeListQuery) => [...recipeKeys.lists(), query] as const,
  details: () => [...recipeKeys.all, 'detail'] as const,
  detail: (slug: string) => [...recipeKeys.details(), slug] as const,
}

export const recipeQuery = (slug: string) =>
  queryOptions({
    queryKey: recipeKeys.detail(slug),
    // Quiet: the page shows a failure itself (the not-found page, or the message with "try again").
    queryFn: () => call(getRecipe, { params: { slug }, notify: false }),
    // The route prefetched it; when that answer was an error (a 404) the page shows it instead of asking again.
    retryOnMount: false,
    // The page's HTML may carry the answer (first paint): no round trip, and as fresh as the server read it.
    initialData: () => takeEmbeddedAnswer<Recipe>(endpointAddress(getRecipe, { params: { slug } }))?.data,
    initialDataUpdatedAt: embeddedAnswersTime,
  })

export function useRecipe(slug: string) {
  return useQuery(recipeQuery(slug))
}

/** One page of the recipe list. */
export const recipeListQuery = (query: RecipeListQuery) =>
  queryOptions({
    queryKey: recipeKeys.list(query),
    queryFn: async () => await call(listRecipes, { query }),
  })

/** The recipe list page after page, for infinite scrolling. */
export const recipeInfiniteQuery = (query: Omit<RecipeListQuery, 'page'>) =>
  infiniteQueryOptions({
    queryKey: [...recipeKeys.lists(), 'infinite', query] as const,
    // Quiet: the explorer shows a failure in place of the grid, with the message and "try again".
    queryFn: async ({ pageParam }) => await call(listRecipes, { query: { ...query, page: pageParam }, notify: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    // The explorer's HTML may carry its first page (first paint), asked with the same query.
    initialData: () => {
      const first = takeEmbeddedAnswer<Paginated<RecipeSummary>>(firstPageUrl(query))
      return first ? { pages: [first.data], pageParams: [1] } : undefined
    },
    initialDataUpdatedAt: embeddedAnswersTime,
  })

/** The address the explorer asks for a list query's first page, under which the server embeds it in the page. */
export const firstPageUrl = (query: Omit<RecipeListQuery, 'page'>) =>
  endpointAddress(listRecipes, { query: { ...query, page: 1 } })

/** Saves a recipe; the page's cache takes the answer, lists refresh. A rename changes the slug: both keys are set. */
export function useSaveRecipe(slug: string, mode: 'replace' | 'patch' = 'patch') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (recipe: RecipeInput) =>
      call(mode === 'replace' ? updateRecipe : patchRecipe, { params: { slug }, body: recipe }),
    onSuccess: (saved) => {
      queryClient.setQueryData(recipeKeys.detail(saved.slug), saved)
      if (saved.slug !== slug) queryClient.removeQueries({ queryKey: recipeKeys.detail(slug) })
      void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
    },
  })
}

/** Copies a recipe into the caller's household; answers the copy, already in the cache for its page. */
export function useDuplicateRecipe(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name?: string) => call(duplicateRecipe, { params: { slug }, body: name ? { name } : {} }),
    onSuccess: (copy) => {
      queryClient.setQueryData(recipeKeys.detail(copy.slug), copy)
      void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
    },
  })
}

/** Records that the household made the recipe now ("made it"); the page takes the answer. */
export function useRecipeMadeIt(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (when: Date = new Date()) =>
      call(setRecipeLastMade, { params: { slug }, body: { timestamp: when.toISOString() } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(recipeKeys.detail(slug), saved)
      void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
    },
  })
}
