import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createOutboundFetch } from '../../lib/outbound-fetch.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { RecipesModule } from '../recipes/index.js'
import type { ReportsModule } from '../reports/index.js'
import { createBulkImport } from './bulk-import.js'
import { registerImportRoutes } from './routes.js'
import { createImportService } from './service.js'

/** Recipes from web pages (create/url, its stream and bulk form), pasted HTML or JSON, and the scraper's debug view. */
export function createImportModule(deps: {
  config: Config
  db: Database
  recipes: RecipesModule
  reports: ReportsModule
  jobs: JobRunner
  log: (message: string, error?: unknown) => void
}) {
  const service = createImportService({
    db: deps.db,
    recipes: deps.recipes,
    fetch: createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST }),
    pageTimeoutMs: deps.config.RECIPE_IMPORT_TIMEOUT * 1000,
  })
  const bulk = createBulkImport({ ...deps, imports: service })
  return {
    service,
    registerRoutes: (app: FastifyInstance) => registerImportRoutes(app, { imports: service, bulk }, deps.log),
  }
}

export type ImportModule = ReturnType<typeof createImportModule>
