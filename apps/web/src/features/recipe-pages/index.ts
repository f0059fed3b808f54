/*
 * What other features may use of the recipe pages (ESLint's feature boundaries, eslint.config.js): the recipe filter
 * field the cookbooks edit with, and its draft ⇄ `queryFilterString` helpers (the meal-plan rules filter recipes
 * the same way).
 */
export {
  queryFilterStringOf,
  RecipeFilterField,
  recipeFilterDraftOf,
  type RecipeFilterDraft,
} from '@/features/recipe-pages/components/RecipeFilterField'
