import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createOutboundFetch } from '../../lib/outbound-fetch.js'
import type { RecipesModule } from '../recipes/index.js'
import { registerImportRoutes } from './routes.js'
import { createImportService } from './service.js'

/** Recipes from web pages (create/url, its stream and bulk form), pasted HTML or JSON, and the scraper's debug view. */
export function createImportModule(deps: {
  config: Config
  db: Database
  recipes: RecipesModule
  log: (message: string, error?: unknown) => void
}) {
  const service = createImportService({
    db: deps.db,
    recipes: deps.recipes,
    fetch: createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST }),
    pageTimeoutMs: deps.config.RECIPE_IMPORT_TIMEOUT * 1000,
  })
  return {
    service,
    registerRoutes: (app: FastifyInstance) => registerImportRoutes(app, service, deps.log),
  }
}

export type ImportModule = ReturnType<typeof createImportModule>
