import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createOutboundFetch, type OutboundFetch } from '../../lib/outbound-fetch.js'
import type { RecipesModule } from '../recipes/index.js'
import { registerRecipeActionRoutes } from './routes.js'
import { createRecipeActionService } from './service.js'

export type { RecipeActionService } from './service.js'

/**
 * A household's recipe actions (docs/mealie-compatibility.md "Recipe actions"): links the recipe page opens, and
 * addresses the server posts a recipe to through the outbound guard (`HTTP_ALLOW_LIST`).
 */
export function createRecipeActionsModule(deps: {
  config: Config
  db: Database
  recipes: RecipesModule
  log: (message: string, error?: unknown) => void
  /** The guard with the instance's allow list; tests may give their own. */
  fetch?: OutboundFetch
}) {
  const fetch = deps.fetch ?? createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST })
  const service = createRecipeActionService({ db: deps.db, fetch, recipes: deps.recipes.service, log: deps.log })
  return { service, registerRoutes: (app: FastifyInstance) => registerRecipeActionRoutes(app, service) }
}

export type RecipeActionsModule = ReturnType<typeof createRecipeActionsModule>
