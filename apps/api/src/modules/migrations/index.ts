import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { PageReader } from '../../page-reader.js'
import { createOutboundFetch } from '../../lib/outbound-fetch.js'
import type { RecipesModule } from '../recipes/index.js'
import type { ReportsModule } from '../reports/index.js'
import { createLinkedPictureDownloads } from './linked-pictures.js'
import { createRecipeZipService } from './recipe-zip.service.js'
import { registerMigrationRoutes } from './routes.js'
import { createMigrationService } from './service.js'

/**
 * Recipes from other apps' exports (docs/mealie-compatibility.md "Migrations from other apps"), with the pictures they only link to fetched in the background,
 * and from recipe zips (docs/mealie-compatibility.md "Creating recipes" `create/zip`).
 */
export function createMigrationsModule(deps: {
  config: Config
  db: Database
  recipes: RecipesModule
  reports: ReportsModule
  jobs: JobRunner
  pages: PageReader
  log: (message: string, error?: unknown) => void
}) {
  const dataDirectory = deps.config.dataDirectory
  const linkedPictures = createLinkedPictureDownloads({
    db: deps.db,
    jobs: deps.jobs,
    fetch: createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST }),
    recipes: deps.recipes,
    reports: deps.reports.service,
    log: deps.log,
  })
  const migrations = createMigrationService({
    db: deps.db,
    dataDirectory,
    recipes: deps.recipes,
    reports: deps.reports.service,
    linkedPictures,
    pages: deps.pages,
    log: deps.log,
  })
  const recipeZips = createRecipeZipService({ db: deps.db, dataDirectory, recipes: deps.recipes })
  return {
    migrations,
    recipeZips,
    registerRoutes: (app: FastifyInstance) => registerMigrationRoutes(app, { migrations, recipeZips }),
  }
}

export type MigrationsModule = ReturnType<typeof createMigrationsModule>
