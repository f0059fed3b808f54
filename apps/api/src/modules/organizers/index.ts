import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import { categoryListSpec, tagListSpec } from './list-spec.js'
import { toolsOnHandRepo } from './on-hand.repo.js'
import { createOrganizerRepo, organizerKinds } from './repo.js'
import { registerOrganizerRoutes } from './routes.js'
import { createOrganizerService } from './service.js'
import { createToolService } from './tools.service.js'

export { createOnHandRepo, type OnHandRepo, type OnHandTable } from './on-hand.repo.js'
export { applyOnHandChange, onHandAnswer, settleOnHand } from './on-hand.js'
export { recipeSummariesOf } from './recipe-summaries.repo.js'
export type { OrganizerService } from './service.js'
export type { ToolService } from './tools.service.js'

/** Categories, tags and tools (docs/mealie-compatibility.md "Organizers"). Depends on no other area. */
export function createOrganizersModule(deps: { db: Database }) {
  const { db } = deps
  const categories = createOrganizerService({
    db,
    organizers: createOrganizerRepo(organizerKinds.category),
    listSpec: categoryListSpec,
    noun: 'Category',
    kind: 'category',
  })
  const tags = createOrganizerService({
    db,
    organizers: createOrganizerRepo(organizerKinds.tag),
    listSpec: tagListSpec,
    noun: 'Tag',
    kind: 'tag',
  })
  const tools = createToolService({
    db,
    tools: createOrganizerRepo(organizerKinds.tool),
    onHand: toolsOnHandRepo,
  })
  return {
    categories,
    tags,
    tools,
    registerRoutes: (app: FastifyInstance) => registerOrganizerRoutes(app, { categories, tags, tools }),
  }
}

export type OrganizersModule = ReturnType<typeof createOrganizersModule>
