import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { createMailer } from '../lib/mail.js'
import { createAdminModule } from './admin/index.js'
import { createAppModule } from './app/index.js'
import { createAuthModule, type SignToken } from './auth/index.js'
import { createFoodsModule } from './foods/index.js'
import { createGroupsModule } from './groups/index.js'
import { createHouseholdsModule } from './households/index.js'
import { createOrganizersModule } from './organizers/index.js'
import { createUsersModule, type SignApiToken } from './users/index.js'

export interface ModuleDependencies {
  config: Config
  db: Database
  signSession: SignToken
  signApiToken: SignApiToken
  log: (message: string, error?: unknown) => void
}

/**
 * Builds every area from its public entry (`<area>/index.ts`), each after the areas it uses: an area reaches another
 * only through what that entry returns (docs/architecture.md, "Module rules"). A new area is one line here.
 */
export function createModules(deps: ModuleDependencies) {
  const shared = { ...deps, mailer: createMailer(deps.config) }
  const households = createHouseholdsModule(shared)
  const groups = createGroupsModule({ ...shared, households })
  const users = createUsersModule({ ...shared, groups, households })
  const app = createAppModule({ ...shared, groups, users })
  const auth = createAuthModule({ ...shared, groups, households, users })
  const admin = createAdminModule({ ...shared, app, groups, households, users })
  const organizers = createOrganizersModule(shared)
  const foods = createFoodsModule(shared)
  return { app, auth, users, groups, households, admin, organizers, foods }
}

export type Modules = ReturnType<typeof createModules>

export function registerModuleRoutes(app: FastifyInstance, modules: Modules): void {
  for (const area of Object.values(modules)) area.registerRoutes(app)
}
