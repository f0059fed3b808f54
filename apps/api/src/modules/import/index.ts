import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createOutboundFetch } from '../../lib/outbound-fetch.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { PageReader } from '../../page-reader.js'
import type { AiProvider } from '../ai/index.js'
import type { RecipesModule } from '../recipes/index.js'
import type { ReportsModule } from '../reports/index.js'
import { createBulkImport } from './bulk-import.js'
import { registerImageImportRoutes } from './image-import.routes.js'
import { createImageImportService } from './image-import.service.js'
import { registerImportRoutes } from './routes.js'
import { createImportService } from './service.js'

/**
 * Recipes from elsewhere: web pages (create/url, its stream and bulk form), pasted HTML or JSON, the scraper's debug
 * view, and photos read by the OpenAI-compatible provider (create/image). All of them go through the scraper's one
 * schema.org cleaner and the parser's one adapter for ingredient lines.
 */
export function createImportModule(deps: {
  config: Config
  db: Database
  ai: AiProvider
  recipes: RecipesModule
  reports: ReportsModule
  jobs: JobRunner
  pages: PageReader
  log: (message: string, error?: unknown) => void
}) {
  const pageTimeoutMs = deps.config.RECIPE_IMPORT_TIMEOUT * 1000
  const service = createImportService({
    db: deps.db,
    recipes: deps.recipes,
    fetch: createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST }),
    pages: deps.pages,
    pageTimeoutMs,
  })
  const bulk = createBulkImport({ ...deps, imports: service, pageTimeoutMs })
  const images = createImageImportService(deps)
  return {
    service,
    registerRoutes: (app: FastifyInstance) => {
      registerImportRoutes(app, { imports: service, bulk }, deps.log)
      registerImageImportRoutes(app, images)
    },
  }
}

export type ImportModule = ReturnType<typeof createImportModule>
