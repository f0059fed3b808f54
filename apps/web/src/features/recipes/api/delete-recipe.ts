import { deleteRecipe, type RecipeSummary } from '@larder/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { recipeKeys } from './recipes'

/**
 * Deletes recipes one request at a time (the data table's bulk delete shows progress per recipe) and refreshes the
 * recipe lists once at the end.
 */
export function useDeleteRecipes() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (recipe: Pick<RecipeSummary, 'slug'>) => call(deleteRecipe, { params: { slug: recipe.slug } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
  }
}
