import {
  addUserFavorite,
  listOwnRatings,
  removeUserFavorite,
  setUserRating,
  type UserRatingSummary,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { embeddedAnswersTime, takeEmbeddedAnswer } from '@/app/first-paint'
import { recipeKeys } from './recipes'

export const activityKeys = {
  /** Per user: another sign-in on the same tab must not see the first user's ratings and favourites. */
  ownRatings: (userId: string) => ['user-ratings', userId] as const,
}

/**
 * All of the caller's rows (rating and favourite per recipe), asked once per session and shared by the stars, the
 * favourite toggles and the explorer's cards: a recipe page then asks nothing of its own, where the per-recipe read
 * (`/api/users/self/ratings/{recipeId}`) would cost a request per page and answer 404 for every unrated recipe.
 * Changes update the cache instead of asking again. A page the server drew for the caller may carry the answer
 * (api web-shell/link-preview.ts): the stars and toggles then draw right the first time, not again on arrival.
 */
export const ownRatingsQuery = (userId: string) =>
  queryOptions({
    queryKey: activityKeys.ownRatings(userId),
    queryFn: async () => (await call(listOwnRatings, { notify: false })).ratings,
    // Only for a caller: the query without one (disabled) must not take the signed-in caller's answer.
    initialData: userId
      ? () => takeEmbeddedAnswer<{ ratings: UserRatingSummary[] }>(listOwnRatings.path)?.data.ratings
      : undefined,
    initialDataUpdatedAt: embeddedAnswersTime,
    staleTime: Infinity,
    gcTime: Infinity,
  })

/** The caller's entry for one recipe changed in the cache, a new one when there was none; answers the list before. */
async function changeOwnEntry(
  queryClient: QueryClient,
  userId: string,
  recipeId: string,
  change: Partial<Omit<UserRatingSummary, 'recipeId'>>,
) {
  const key = activityKeys.ownRatings(userId)
  await queryClient.cancelQueries({ queryKey: key })
  const before = queryClient.getQueryData<UserRatingSummary[]>(key)
  const entry = before?.find((item) => item.recipeId === recipeId) ?? { recipeId, rating: null, isFavorite: false }
  const others = (before ?? []).filter((item) => item.recipeId !== recipeId)
  queryClient.setQueryData<UserRatingSummary[]>(key, [...others, { ...entry, ...change }])
  return before
}

function useOwnEntry(recipeId: string, userId: string | undefined) {
  const ratings = useQuery({ ...ownRatingsQuery(userId ?? ''), enabled: userId !== undefined })
  return { entry: ratings.data?.find((item) => item.recipeId === recipeId), isLoading: ratings.isLoading }
}

/** Whether the caller marked the recipe a favourite; no caller (a signed-out reader) asks nothing. */
export function useIsFavorite(recipeId: string, userId: string | undefined) {
  const { entry, isLoading } = useOwnEntry(recipeId, userId)
  return { isFavorite: entry?.isFavorite ?? false, isLoading }
}

/** Marks or unmarks a favourite, at once in the cache; a failure puts the list back. */
export function useToggleFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, favorite }: { recipeId: string; slug: string; favorite: boolean }) =>
      call(favorite ? addUserFavorite : removeUserFavorite, { params: { id: userId, slug } }),
    onMutate: async ({ recipeId, favorite }) => ({
      before: await changeOwnEntry(queryClient, userId, recipeId, { isFavorite: favorite }),
    }),
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(activityKeys.ownRatings(userId), context.before)
    },
  })
}

const noFavorites: ReadonlySet<string> = new Set()
const favoriteIdsOf = (ratings: UserRatingSummary[]): ReadonlySet<string> =>
  new Set(ratings.filter((item) => item.isFavorite).map((item) => item.recipeId))

/**
 * The caller's favourites (recipe ids) and one toggle for them all, for a list of cards: each card then gets a plain
 * flag and the shared toggle, where a hook per card built a query observer and a mutation per card (56 ms in one task
 * at Lighthouse's 4× slowdown on the explorer, docs/budgets.md "Web budgets"). No caller: no favourites and nothing asked.
 */
export function useFavorites(userId: string | undefined) {
  const ratings = useQuery({ ...ownRatingsQuery(userId ?? ''), enabled: userId !== undefined, select: favoriteIdsOf })
  const toggle = useToggleFavorite(userId ?? '')
  return { recipeIds: ratings.data ?? noFavorites, toggle: toggle.mutate }
}

/** The caller's own rating of a recipe (0 when none); no caller asks nothing. */
export function useOwnRating(recipeId: string, userId: string | undefined) {
  const { entry, isLoading } = useOwnEntry(recipeId, userId)
  return { rating: entry?.rating ?? 0, isLoading }
}

/** Rates a recipe (0 clears), shown at once; the recipe's average is read again afterwards. */
export function useSetRating(userId: string, recipe: { id: string; slug: string }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rating: number) =>
      call(setUserRating, { params: { id: userId, slug: recipe.slug }, body: { rating } }),
    onMutate: async (rating) => ({ before: await changeOwnEntry(queryClient, userId, recipe.id, { rating }) }),
    onError: (_error, _rating, context) => {
      if (context) queryClient.setQueryData(activityKeys.ownRatings(userId), context.before)
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recipeKeys.detail(recipe.slug) })
      void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
    },
  })
}
