import { readCopyMeThatPage } from './readers/copymethat-page.js'
import { readRecipeKeeperPage } from './readers/recipekeeper-page.js'

/** What the page-reading thread (page-worker.ts) does for this area: the recipes of the exports that are HTML pages. */
export const migrationPageTasks = {
  copymethat: readCopyMeThatPage,
  recipekeeper: readRecipeKeeperPage,
}
