import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { migrationsFolder } from '../../db/migrate.js'
import { version } from '../../version.js'
import type { GroupsModule } from '../groups/index.js'
import type { UsersModule } from '../users/index.js'
import { createHealthService } from './health.service.js'
import { registerAppRoutes } from './routes.js'
import { createAppService } from './service.js'

export { defaultAdmin, seedFirstRun } from './first-run.service.js'
export type { AppService } from './service.js'

/** The public facts about this instance (info, start-up, theme) and its health checks. */
export function createAppModule(deps: { config: Config; db: Database; groups: GroupsModule; users: UsersModule }) {
  const service = createAppService({
    config: deps.config,
    version,
    db: deps.db,
    groups: deps.groups.service,
    users: deps.users.records,
  })
  const health = createHealthService({ db: deps.db, migrationsFolder })
  return {
    service,
    registerRoutes: (app: FastifyInstance) => registerAppRoutes(app, service, health),
  }
}

export type AppModule = ReturnType<typeof createAppModule>
