import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../lib/mail.js'
import { version } from '../../version.js'
import type { AiProvider } from '../ai/index.js'
import type { AppModule } from '../app/index.js'
import type { GroupsModule } from '../groups/index.js'
import type { HouseholdsModule } from '../households/index.js'
import type { RecipeActivityModule } from '../recipe-activity/index.js'
import type { RecipesModule } from '../recipes/index.js'
import type { UsersModule } from '../users/index.js'
import { createAdminAboutService } from './about.service.js'
import { createAdminDebugService } from './debug.service.js'
import { createAdminJobService } from './jobs.service.js'
import { createMaintenanceService } from './maintenance.service.js'
import { registerAdminRoutes } from './routes.js'
import { createAdminTenancyService } from './tenancy.service.js'
import { createAdminUserService } from './users.service.js'

/**
 * The administrators' screens: about and statistics, every user, every group and household, the background jobs, the
 * test of the OpenAI provider. Nothing depends on it.
 */
export function createAdminModule(deps: {
  config: Config
  db: Database
  mailer: Mailer
  ai: AiProvider
  log: (message: string, error?: unknown) => void
  app: AppModule
  groups: GroupsModule
  households: HouseholdsModule
  recipes: RecipesModule
  recipeActivity: RecipeActivityModule
  users: UsersModule
}) {
  const { config, db, mailer } = deps
  const groups = deps.groups.service
  const households = deps.households.service
  const users = deps.users.records
  const about = createAdminAboutService({
    config,
    app: deps.app.service,
    version,
    mailer,
    db,
    users,
    groups,
    households,
  })
  const adminUsers = createAdminUserService({
    config,
    db,
    users,
    userService: deps.users.service,
    groups,
    households,
    avatars: deps.users.avatars,
    recipes: deps.recipes.service,
    departures: deps.recipeActivity.departures,
  })
  const tenancy = createAdminTenancyService({
    db,
    groups,
    households,
    members: deps.users.members,
    removeGroupFiles: (groupId) => deps.recipes.groupExports.removeGroupFiles(groupId),
  })
  return {
    registerRoutes: (app: FastifyInstance) =>
      registerAdminRoutes(app, {
        about,
        users: adminUsers,
        tenancy,
        members: deps.users.members,
        passwordReset: deps.users.passwordReset,
        debug: createAdminDebugService(deps),
        jobs: createAdminJobService({ db }),
        maintenance: createMaintenanceService({ db, dataDirectory: config.dataDirectory }),
      }),
  }
}
