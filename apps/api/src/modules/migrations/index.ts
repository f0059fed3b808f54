import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { RecipesModule } from '../recipes/index.js'
import type { ReportsModule } from '../reports/index.js'
import { createRecipeZipService } from './recipe-zip.service.js'
import { registerMigrationRoutes } from './routes.js'
import { createMigrationService } from './service.js'

/** Recipes from other apps' exports (reference §9.2) and from recipe zips (§2.7.6 `create/zip`). */
export function createMigrationsModule(deps: {
  config: Config
  db: Database
  recipes: RecipesModule
  reports: ReportsModule
  log: (message: string, error?: unknown) => void
}) {
  const dataDirectory = deps.config.dataDirectory
  const migrations = createMigrationService({
    db: deps.db,
    dataDirectory,
    recipes: deps.recipes,
    reports: deps.reports.service,
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
