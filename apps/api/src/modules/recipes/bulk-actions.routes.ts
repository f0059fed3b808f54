import {
  bulkCategorizeRecipes,
  bulkDeleteRecipes,
  bulkExportRecipes,
  bulkSetRecipeSettings,
  bulkTagRecipes,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { attachment } from '../../lib/content-disposition.js'
import type { RecipeBulkActionService } from './bulk-actions.service.js'

/** Bulk actions (reference §2.7.7): 200 `null`, as Mealie answers them; export answers the zip itself. */
export function registerRecipeBulkActionRoutes(app: FastifyInstance, bulk: RecipeBulkActionService): void {
  registerEndpoint(app, bulkTagRecipes, ({ caller, body }) => bulk.tag(caller, body))
  registerEndpoint(app, bulkCategorizeRecipes, ({ caller, body }) => bulk.categorize(caller, body))
  registerEndpoint(app, bulkSetRecipeSettings, ({ caller, body }) => bulk.settings(caller, body))
  registerEndpoint(app, bulkDeleteRecipes, ({ caller, body }) => bulk.delete(caller, body))
  registerEndpoint(app, bulkExportRecipes, async ({ caller, body, reply }) => {
    const file = await bulk.export(caller, body)
    return reply
      .type(file.contentType)
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body)
  })
}
