import { endpointAddress, exploreRecipe, exploreRecipes, type Recipe, type RecipeSummary } from '@larder/contracts'
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'
import { embeddedAnswersTime, takeEmbeddedAnswer } from '@/app/first-paint'
import type { Paginated } from '@/components/paginated'
import { useVisitorGroup, visitorGroupNow } from '@/features/auth'
import { recipeInfiniteQuery, recipeQuery, type RecipeListQuery } from './recipes'

/*
 * A public group's recipes as a signed-out visitor reads them, through the explore API (docs/mealie-compatibility.md "Explore"):
 * only public recipes of public households, and a private one is a 404. Each reader below picks the member's query
 * or the visitor's by `visitorGroup` (features/auth's useVisitorGroup: the group's slug for a visitor, else null).
 */

const exploreKeys = {
  recipes: (groupSlug: string) => ['explore', groupSlug, 'recipes'] as const,
}

/** One public recipe. */
export const exploreRecipeQuery = (groupSlug: string, slug: string) =>
  queryOptions({
    queryKey: [...exploreKeys.recipes(groupSlug), 'detail', slug] as const,
    // Quiet: the page answers a 404 itself (the sign-in page: the recipe may be private, not missing).
    queryFn: () => call(exploreRecipe, { params: { groupSlug, slug }, notify: false }),
    retryOnMount: false,
    // The page's HTML may carry the answer (first paint), under the address this call asks.
    initialData: () =>
      takeEmbeddedAnswer<Recipe>(endpointAddress(exploreRecipe, { params: { groupSlug, slug } }))?.data,
    initialDataUpdatedAt: embeddedAnswersTime,
  })

/** The recipe page's data: the member's recipe, or the visitor's public one. Page and route prefetch ask the same. */
export const recipeReadQuery = (slug: string, visitorGroup: string | null) =>
  visitorGroup === null ? recipeQuery(slug) : exploreRecipeQuery(visitorGroup, slug)

/** The recipe page route's prefetch: nothing until the session is known, since it decides which API to ask. */
export function recipeReadQueries(groupSlug: string, slug: string) {
  const visitorGroup = visitorGroupNow(groupSlug)
  return visitorGroup === undefined ? [] : [recipeReadQuery(slug, visitorGroup)]
}

export function useRecipeRead(slug: string) {
  // Both options answer a Recipe; only their keys' types differ, which useQuery's overloads cannot join.
  return useQuery(recipeReadQuery(slug, useVisitorGroup()) as ReturnType<typeof recipeQuery>)
}

/** The address of a visitor's first explorer page, under which the server embeds it in the page (first paint). */
export const exploreFirstPageUrl = (groupSlug: string, query: Omit<RecipeListQuery, 'page'>) =>
  endpointAddress(exploreRecipes, { params: { groupSlug }, query: { ...query, page: 1 } })

/** The public recipe list page after page: the visitor's explorer, with the member explorer's search and filters. */
export const exploreRecipeInfiniteQuery = (groupSlug: string, query: Omit<RecipeListQuery, 'page'>) =>
  infiniteQueryOptions({
    queryKey: [...exploreKeys.recipes(groupSlug), 'infinite', query] as const,
    // Quiet: the explorer shows a failure in place of the grid; a 404 (a private group) is the sign-in page.
    queryFn: async ({ pageParam }) =>
      await call(exploreRecipes, {
        params: { groupSlug },
        query: { ...query, page: pageParam },
        notify: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    initialData: () => {
      const first = takeEmbeddedAnswer<Paginated<RecipeSummary>>(exploreFirstPageUrl(groupSlug, query))
      return first ? { pages: [first.data], pageParams: [1] } : undefined
    },
    initialDataUpdatedAt: embeddedAnswersTime,
  })

/** The explorer's list: the member's recipes, or the public ones a visitor may read. */
export const explorerRecipesQuery = (query: Omit<RecipeListQuery, 'page'>, visitorGroup: string | null) =>
  // Both answer the same pages; only their keys' types differ, which useInfiniteQuery's overloads cannot join.
  (visitorGroup === null ? recipeInfiniteQuery(query) : exploreRecipeInfiniteQuery(visitorGroup, query)) as ReturnType<
    typeof recipeInfiniteQuery
  >

/** The explorer route's prefetch, like recipeReadQueries. */
export function explorerRecipesQueries(groupSlug: string, query: Omit<RecipeListQuery, 'page'>) {
  const visitorGroup = visitorGroupNow(groupSlug)
  return visitorGroup === undefined ? [] : [explorerRecipesQuery(query, visitorGroup)]
}
