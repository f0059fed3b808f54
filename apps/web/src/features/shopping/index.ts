/*
 * What other features may use of the shopping screens (ESLint's feature boundaries, eslint.config.js): the dialog
 * that adds a recipe's ingredients to a list (the recipe page's actions menu), and the planner's "Shop for these
 * days" dialog.
 */
export { AddRecipeDialog } from '@/features/shopping/components/AddRecipeDialog'
export { ShopForDaysDialog } from '@/features/shopping/components/ShopForDaysDialog'
