import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { access } from '../access/index.js'
import type { HouseholdsModule } from '../households/index.js'
import { createRecipeMedia } from './media.js'
import { registerRecipeRoutes } from './routes.js'
import { createRecipeService } from './service.js'

/** Recipe reads other areas reuse (share tokens, explore, export): whole recipes and list items, by id. */
export { loadRecipes, recipeSummaries } from './recipe-loader.repo.js'
export { recipeListSpec } from './list-spec.js'
export { recipeListPage, type RecipeListFilters } from './list.repo.js'

/**
 * Rewrites the search fields of these recipes, in the caller's transaction: for areas that rename what a recipe's
 * search document holds (foods, tags, categories), so that search finds recipes under the new names.
 */
export { refreshRecipeSearch } from './repo.js'
export type { RecipeService } from './service.js'

/** The recipe library's recipes: CRUD, bulk edits, duplicate, last made, the list and its search. */
export function createRecipesModule(deps: { config: Config; db: Database; households: HouseholdsModule }) {
  const media = createRecipeMedia(deps.config.dataDirectory)
  const service = createRecipeService({ db: deps.db, access, households: deps.households.service, media })
  return { service, media, registerRoutes: (app: FastifyInstance) => registerRecipeRoutes(app, service) }
}

export type RecipesModule = ReturnType<typeof createRecipesModule>
