/*
 * What other features may use of the recipe screens (ESLint's feature boundaries, eslint.config.js): the explorer's
 * recipe card and its favourite toggle (cookbooks, favourites, the finder), the recipe picture, the safe Markdown renderer and the notes (the
 * shared recipe page).
 */
import '@/features/recipes/components/recipes.css'

export { RecipeCard } from '@/features/recipes/components/explorer/RecipeCard'
export { FavoriteButton } from '@/features/recipes/components/FavoriteButton'
export { RecipeImage, recipeImageUrl } from '@/features/recipes/components/RecipeImage'
export { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'
export { RecipeNotes } from '@/features/recipes/components/RecipeNotes'
export { formatRecipeTime } from '@/features/recipes/recipe-times'
