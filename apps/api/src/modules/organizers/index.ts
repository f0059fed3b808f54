import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import { categoryListSpec, tagListSpec } from './list-spec.js'
import { toolsOnHandRepo } from './on-hand.repo.js'
import { createOrganizerRepo, organizerKinds } from './repo.js'
import { registerOrganizerRoutes } from './routes.js'
import { createOrganizerService, type RecipeSummaryReader } from './service.js'
import { createToolService } from './tools.service.js'

export { createOnHandRepo, type OnHandRepo, type OnHandTable } from './on-hand.repo.js'
export { applyOnHandChange, onHandAnswer, settleOnHand } from './on-hand.js'
export type { OrganizerService, RecipeSummaryReader } from './service.js'
export type { ToolService } from './tools.service.js'

/**
 * Categories, tags and tools (docs/mealie-compatibility.md "Organizers"). Their `/slug/:slug` answers list the
 * recipes as the recipes area writes list items: its reader is handed in (`recipes.summaries`).
 */
export function createOrganizersModule(deps: { db: Database; recipes: { summaries: RecipeSummaryReader } }) {
  const { db } = deps
  const recipeSummaries = deps.recipes.summaries
  const categories = createOrganizerService({
    db,
    organizers: createOrganizerRepo(organizerKinds.category),
    listSpec: categoryListSpec,
    noun: 'Category',
    kind: 'category',
    recipeSummaries,
  })
  const tags = createOrganizerService({
    db,
    organizers: createOrganizerRepo(organizerKinds.tag),
    listSpec: tagListSpec,
    noun: 'Tag',
    kind: 'tag',
    recipeSummaries,
  })
  const tools = createToolService({
    db,
    tools: createOrganizerRepo(organizerKinds.tool),
    onHand: toolsOnHandRepo,
    recipeSummaries,
  })
  return {
    categories,
    tags,
    tools,
    registerRoutes: (app: FastifyInstance) => registerOrganizerRoutes(app, { categories, tags, tools }),
  }
}

export type OrganizersModule = ReturnType<typeof createOrganizersModule>
