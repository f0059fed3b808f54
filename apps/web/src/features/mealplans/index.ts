/*
 * What other features may use of the meal planner (ESLint's feature boundaries, eslint.config.js): the recipe page's
 * "Add to meal plan" dialog. The planner's screens are composed by the pages under pages/household/mealplan.
 */
export { AddToMealPlanDialog } from '@/features/mealplans/components/AddToMealPlanDialog'
