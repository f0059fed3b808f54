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
  favorites: ['user-favorites'] as const,
  rating: (recipeId: string) => ['user-rating', recipeId] as const,
}

/** The caller's favourites, asked once per session: toggles update the cache instead of asking again. */
export const ownFavoritesQuery = () =>
  queryOptions({
    queryKey: activityKeys.favorites,
    queryFn: async () => (await call(listOwnFavorites, { notify: false })).ratings as UserRatingSummary[],
    staleTime: Infinity,
    gcTime: Infinity,
  })

/** Whether the caller marked the recipe a favourite; `enabled` false for signed-out readers. */
export function useIsFavorite(recipeId: string, enabled: boolean) {
  const favorites = useQuery({ ...ownFavoritesQuery(), enabled })
  return {
    isFavorite: favorites.data?.some((entry) => entry.recipeId === recipeId && entry.isFavorite) ?? false,
    isLoading: favorites.isLoading,
  }
}

/** Marks or unmarks a favourite, at once in the cache; a failure puts the list back. */
export function useToggleFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, favorite }: { recipeId: string; slug: string; favorite: boolean }) =>
      call(favorite ? addUserFavorite : removeUserFavorite, { params: { id: userId, slug } }),
    onMutate: async ({ recipeId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: activityKeys.favorites })
      const before = queryClient.getQueryData<UserRatingSummary[]>(activityKeys.favorites)
      const others = (before ?? []).filter((entry) => entry.recipeId !== recipeId)
      queryClient.setQueryData<UserRatingSummary[]>(
        activityKeys.favorites,
        favorite ? [...others, { recipeId, rating: null, isFavorite: true }] : others,
      )
      return { before }
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(activityKeys.favorites, context.before)
    },
  })
}

/** The caller's own rating of a recipe (0 when none). */
export function useOwnRating(recipeId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.rating(recipeId),
    queryFn: async () => (await call(getOwnRating, { params: { recipeId }, notify: false })).rating ?? 0,
    enabled,
  })
}

/** Rates a recipe (0 clears), shown at once; the recipe's average is read again afterwards. */
export function useSetRating(userId: string, recipe: { id: string; slug: string }) {
  const queryClient = useQueryClient()
  const key = activityKeys.rating(recipe.id)
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
