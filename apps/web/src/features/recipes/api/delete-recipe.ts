import { deleteRecipe, type RecipeSummary } from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { recipeKeys } from './recipes'

/**
 * Deleting recipes, one way for every screen. `deleteOne` deletes a recipe and drops its page from the cache; the
 * data table runs it per selected recipe (showing progress) and then calls `refresh` once for the lists. The recipe
 * page uses `mutation`, the same delete with its pending state, which refreshes the lists when it succeeds.
 */
export function useDeleteRecipes() {
  const queryClient = useQueryClient()
  const deleteOne = async (recipe: Pick<RecipeSummary, 'slug'>) => {
    await call(deleteRecipe, { params: { slug: recipe.slug } })
    queryClient.removeQueries({ queryKey: recipeKeys.detail(recipe.slug) })
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })
  const mutation = useMutation({ mutationFn: deleteOne, onSuccess: () => void refresh() })
  return { deleteOne, refresh, mutation }
}
