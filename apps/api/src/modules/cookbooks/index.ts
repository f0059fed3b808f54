import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import { registerCookbookRoutes } from './routes.js'
import { createCookbookService } from './service.js'

export type { CookbookService } from './service.js'

/**
 * A household's cookbooks: saved views of the group's recipes by a query filter (docs/mealie-compatibility.md "Cookbooks", docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"). Reads the
 * recipes through the recipes area's list.
 */
export function createCookbooksModule(deps: { db: Database }) {
  const service = createCookbookService(deps)
  return { service, registerRoutes: (app: FastifyInstance) => registerCookbookRoutes(app, service) }
}

export type CookbooksModule = ReturnType<typeof createCookbooksModule>
