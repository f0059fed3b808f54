import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { access } from '../access/index.js'
import type { HouseholdsModule } from '../households/index.js'
import { createOutboundFetch } from '../../lib/outbound-fetch.js'
import { createRecipeAssetService } from './assets.service.js'
import { registerRecipeBulkActionRoutes } from './bulk-actions.routes.js'
import { createRecipeBulkActionService } from './bulk-actions.service.js'
import { registerRecipeExportRoutes } from './exports.routes.js'
import { createRecipeExportService } from './exports.service.js'
import { registerGroupExportRoutes } from './group-exports.routes.js'
import { createGroupExportService } from './group-exports.service.js'
import { registerRecipeMediaRoutes } from './images.routes.js'
import { createRecipeImageService } from './images.service.js'
import { createRecipeMedia } from './media.js'
import { recipeSummaries } from './recipe-loader.repo.js'
import { registerRecipeRoutes } from './routes.js'
import { type SeedCatalogue } from './references.service.js'
import { createRecipeService } from './service.js'
import { registerRecipeSuggestionRoutes } from './suggestions.routes.js'
import { createRecipeSuggestionService } from './suggestions.service.js'

/** Recipe reads other areas reuse (share tokens, explore, export): whole recipes and list items, by id. */
export { loadRecipes, recipeSummaries } from './recipe-loader.repo.js'
export { recipeListSpec } from './list-spec.js'
export { recipeListAnswer, recipeListPage, type RecipeListFilters } from './list.repo.js'

/**
 * Rewrites the search fields of these recipes, in the caller's transaction: for areas that rename what a recipe's
 * search document holds (foods, tags, categories), so that search finds recipes under the new names.
 */
export { refreshRecipeSearch } from './repo.js'
export { countAnyRecipes } from './statistics.repo.js'
export type { RecipeService } from './service.js'
export { newImageKey } from './images.service.js'

/** The recipe library's recipes: CRUD, bulk edits, duplicate, last made, the list and its search. */
export function createRecipesModule(deps: {
  config: Config
  db: Database
  households: HouseholdsModule
  jobs: JobRunner
  fileTokens: FileTokens
  /** The foods entry's seed lists, for foods and units a recipe names that the group lacks. */
  seeds: SeedCatalogue
}) {
  const media = createRecipeMedia(deps.config.dataDirectory, deps.db)
  const service = createRecipeService({
    db: deps.db,
    access,
    households: deps.households.service,
    media,
    seeds: deps.seeds,
  })
  // Pictures, attachments and exports (images.*, assets.*, exports.*).
  const files = { db: deps.db, access, dataDirectory: deps.config.dataDirectory }
  const images = createRecipeImageService({
    ...files,
    fetch: createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST }),
  })
  const assets = createRecipeAssetService(files)
  const exports = createRecipeExportService({ ...files, fileTokens: deps.fileTokens })
  // What can I make (suggestions.*) and bulk actions (bulk-actions.*).
  const suggestions = createRecipeSuggestionService(deps)
  // Bulk exports are built by a job and kept as the group's exports (group-exports.*).
  const groupExports = createGroupExportService({ ...files, jobs: deps.jobs, fileTokens: deps.fileTokens })
  const bulkActions = createRecipeBulkActionService({ ...files, media, groupExports, seeds: deps.seeds })
  return {
    service,
    /** List items by id (`recipeSummaries`), handed to the organizers' factory (modules/index.ts). */
    summaries: recipeSummaries,
    media,
    images,
    groupExports,
    registerRoutes: (app: FastifyInstance) => {
      registerRecipeRoutes(app, service)
      registerRecipeMediaRoutes(app, { images, assets })
      registerRecipeExportRoutes(app, exports)
      registerRecipeSuggestionRoutes(app, suggestions)
      registerRecipeBulkActionRoutes(app, bulkActions)
      registerGroupExportRoutes(app, groupExports)
    },
  }
}

export type RecipesModule = ReturnType<typeof createRecipesModule>
