/** Recipe actions: the household's links and posts, managed on the data pages and offered in every recipe's menu. */
export { RecipeActionMenuItems } from './components/RecipeActionMenuItems'
export { RecipeActionsTable } from './components/RecipeActionsTable'
