import {
  bulkCategorizeRecipes,
  bulkSetRecipeSettings,
  bulkTagRecipes,
  patchRecipes,
  type AssignSettings,
  type RecipeSummary,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { recipeKeys } from './recipes'

interface Organizer {
  id: string
  name: string
  slug: string
}

/** What one bulk action does to the selected recipes; each is one request. */
export type BulkRecipeChange =
  | { action: 'tag'; tags: Organizer[] }
  | { action: 'categorize'; categories: Organizer[] }
  | { action: 'settings'; settings: AssignSettings['settings'] }
  | { action: 'owner'; userId: string }

function send(recipes: Pick<RecipeSummary, 'id' | 'slug'>[], change: BulkRecipeChange) {
  const slugs = recipes.map((recipe) => recipe.slug)
  switch (change.action) {
    case 'tag':
      return call(bulkTagRecipes, { body: { recipes: slugs, tags: change.tags } })
    case 'categorize':
      return call(bulkCategorizeRecipes, { body: { recipes: slugs, categories: change.categories } })
    case 'settings':
      return call(bulkSetRecipeSettings, { body: { recipes: slugs, settings: change.settings } })
    case 'owner':
      // Mealie has no bulk owner route: its data page changes the owner through the recipes' PATCH.
      return call(patchRecipes, { body: recipes.map((recipe) => ({ id: recipe.id, userId: change.userId })) })
  }
}

/**
 * Tag, categorize, set the settings of or hand over several recipes at once (the data table's selection), then
 * refresh every recipe list and page, since each of them may show what changed.
 */
export function useBulkRecipeChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ recipes, change }: { recipes: Pick<RecipeSummary, 'id' | 'slug'>[]; change: BulkRecipeChange }) =>
      send(recipes, change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
  })
}
