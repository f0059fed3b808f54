import { createRecipe } from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { recipeKeys } from './recipes'

/**
 * POST /api/recipes with a name and without Mealie's sample ingredient and step (the editor shows hints instead);
 * answers the new recipe's slug (201), lists refresh. The page shows failures.
 */
export function useCreateRecipe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string): Promise<string> =>
      call(createRecipe, { body: { name: name.trim(), starterContent: false }, notify: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() }),
  })
}
