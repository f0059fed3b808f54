import {
  bulkCategorizeRecipes,
  bulkDeleteRecipes,
  bulkExportRecipes,
  bulkSetRecipeSettings,
  bulkTagRecipes,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeBulkActionService } from './bulk-actions.service.js'

/** Bulk actions (docs/mealie-compatibility.md "Recipe bulk actions"): 200 `null`, as Mealie answers them; export 202 `null`, its zip built by a job. */
export function registerRecipeBulkActionRoutes(app: FastifyInstance, bulk: RecipeBulkActionService): void {
  registerEndpoint(app, bulkTagRecipes, ({ caller, body }) => bulk.tag(caller, body))
  registerEndpoint(app, bulkCategorizeRecipes, ({ caller, body }) => bulk.categorize(caller, body))
  registerEndpoint(app, bulkSetRecipeSettings, ({ caller, body }) => bulk.settings(caller, body))
  registerEndpoint(app, bulkDeleteRecipes, ({ caller, body }) => bulk.delete(caller, body))
  registerEndpoint(app, bulkExportRecipes, ({ caller, body }) => bulk.export(caller, body))
}
