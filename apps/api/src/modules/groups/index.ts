import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { HouseholdsModule } from '../households/index.js'
import { groupRepo } from './repo.js'
import { registerGroupRoutes } from './routes.js'
import { createGroupService } from './service.js'

export { groupListSpec } from './list-spec.js'
export type { GroupService } from './service.js'

/** Groups and their preferences; a new group gets its default household from the households area. */
export function createGroupsModule(deps: { config: Config; db: Database; households: HouseholdsModule }) {
  const households = deps.households.service
  const service = createGroupService({
    db: deps.db,
    groups: groupRepo,
    households,
    defaultHouseholdName: deps.config.DEFAULT_HOUSEHOLD,
  })
  return {
    service,
    registerRoutes: (app: FastifyInstance) => registerGroupRoutes(app, { groups: service, households }),
  }
}

export type GroupsModule = ReturnType<typeof createGroupsModule>
