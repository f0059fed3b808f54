import {
  addUserFavorite,
  getOwnRating,
  listOwnFavorites,
  removeUserFavorite,
  setUserRating,
  type UserRatingSummary,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { recipeKeys } from './recipes'

export const activityKeys = {
  /** Per user: another sign-in on the same tab must not see the first user's favourites. */
  favorites: (userId: string) => ['user-favorites', userId] as const,
  rating: (userId: string, recipeId: string) => ['user-rating', userId, recipeId] as const,
}

/** The caller's favourites, asked once per session: toggles update the cache instead of asking again. */
export const ownFavoritesQuery = (userId: string) =>
  queryOptions({
    queryKey: activityKeys.favorites(userId),
    queryFn: async () => (await call(listOwnFavorites, { notify: false })).ratings as UserRatingSummary[],
    staleTime: Infinity,
    gcTime: Infinity,
  })

/** Whether the caller marked the recipe a favourite; no caller (a signed-out reader) asks nothing. */
export function useIsFavorite(recipeId: string, userId: string | undefined) {
  const favorites = useQuery({ ...ownFavoritesQuery(userId ?? ''), enabled: userId !== undefined })
  return {
    isFavorite: favorites.data?.some((entry) => entry.recipeId === recipeId && entry.isFavorite) ?? false,
    isLoading: favorites.isLoading,
  }
}

/** Marks or unmarks a favourite, at once in the cache; a failure puts the list back. */
export function useToggleFavorite(userId: string) {
  const queryClient = useQueryClient()
  const key = activityKeys.favorites(userId)
  return useMutation({
    mutationFn: ({ slug, favorite }: { recipeId: string; slug: string; favorite: boolean }) =>
      call(favorite ? addUserFavorite : removeUserFavorite, { params: { id: userId, slug } }),
    onMutate: async ({ recipeId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<UserRatingSummary[]>(key)
      const others = (before ?? []).filter((entry) => entry.recipeId !== recipeId)
      queryClient.setQueryData<UserRatingSummary[]>(
        key,
        favorite ? [...others, { recipeId, rating: null, isFavorite: true }] : others,
      )
      return { before }
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(key, context.before)
    },
  })
}

/** The caller's own rating of a recipe (0 when none). */
export function useOwnRating(recipeId: string, userId: string | undefined) {
  return useQuery({
    queryKey: activityKeys.rating(userId ?? '', recipeId),
    queryFn: async () => (await call(getOwnRating, { params: { recipeId }, notify: false })).rating ?? 0,
    enabled: userId !== undefined,
  })
}

/** Rates a recipe (0 clears), shown at once; the recipe's average is read again afterwards. */
export function useSetRating(userId: string, recipe: { id: string; slug: string }) {
  const queryClient = useQueryClient()
  const key = activityKeys.rating(userId, recipe.id)
  return useMutation({
    mutationFn: (rating: number) =>
      call(setUserRating, { params: { id: userId, slug: recipe.slug }, body: { rating } }),
    onMutate: async (rating) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<number>(key)
      queryClient.setQueryData(key, rating)
      return { before }
    },
    onError: (_error, _rating, context) => {
      if (context) queryClient.setQueryData(key, context.before)
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recipeKeys.detail(recipe.slug) })
      void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
    },
  })
}
