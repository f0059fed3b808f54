/*
 * What other features may use of the recipe pages (ESLint's feature boundaries, eslint.config.js): the recipe filter
 * builder the cookbooks edit with, and its rows ⇄ `queryFilterString` helpers (the meal-plan rules filter recipes
 * the same way).
 */
export { FilterBuilder } from '@/features/recipe-pages/components/FilterBuilder'
export { filterString, rowsFromParts, type FilterRow } from '@/features/recipe-pages/query-filter'
