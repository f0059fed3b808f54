import { listRecipes, removeUserFavorite, type RecipeSummary } from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem, type Paginated } from '@/components/paginated'

export const favoriteKeys = {
  all: ['favorites'] as const,
  user: (userId: string) => [...favoriteKeys.all, userId] as const,
}

/** A user's favourite recipes: the recipe list filtered on `favoritedBy` (readable by any member of the group). */
export const favoriteRecipesQuery = (userId: string) =>
  queryOptions({
    queryKey: favoriteKeys.user(userId),
    queryFn: async () =>
      await call(listRecipes, {
        query: {
          ...everyItem,
          orderBy: 'name',
          orderDirection: 'asc',
          queryFilter: `favorited_by.id = "${userId}"`,
        },
      }),
  })

export function useFavoriteRecipes(userId: string) {
  return useQuery(favoriteRecipesQuery(userId))
}

/** Unmarks a favourite; the list drops the recipe at once. */
export function useRemoveFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (recipe: RecipeSummary) => call(removeUserFavorite, { params: { id: userId, slug: recipe.slug } }),
    onSuccess: (_answer, recipe) => {
      queryClient.setQueryData<Paginated<RecipeSummary>>(favoriteKeys.user(userId), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== recipe.id), total: list.total - 1 } : list,
      )
      void queryClient.invalidateQueries({ queryKey: ['recipes'] })
    },
  })
}
