import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import type { NotificationHub } from '../events/notification-hub.js'
import type { Metrics } from '../http/metrics.js'
import type { JobRunner } from '../jobs/job-runner.js'
import type { FileTokens } from '../lib/file-tokens.js'
import { createMailer } from '../lib/mail.js'
import type { PageReader } from '../page-reader.js'
import { createAdminModule } from './admin/index.js'
import { createAiProvider } from './ai/index.js'
import { createAppModule } from './app/index.js'
import { createAuthModule, type SignToken } from './auth/index.js'
import { createBackupsModule } from './backups/index.js'
import { mealieArchiveConverter } from './backups/mealie/index.js'
import { createCookbooksModule } from './cookbooks/index.js'
import { createDownloadsModule } from './downloads/index.js'
import { createFoodsModule, seedEntryNamed } from './foods/index.js'
import { createExploreModule } from './explore/index.js'
import { createGroupsModule } from './groups/index.js'
import { createHouseholdsModule } from './households/index.js'
import { createImportModule } from './import/index.js'
import { createLiveModule } from './live/index.js'
import { createMealPlansModule } from './mealplans/index.js'
import { createMediaModule } from './media/index.js'
import { createOrganizersModule } from './organizers/index.js'
import { createParserModule } from './parser/index.js'
import { createRecipesModule } from './recipes/index.js'
import { createRecipeActivityModule } from './recipe-activity/index.js'
import { createRecipeActionsModule } from './recipe-actions/index.js'
import { createReportsModule } from './reports/index.js'
import { createShoppingModule } from './shopping/index.js'
import { createMigrationsModule } from './migrations/index.js'
import { createNotifiersModule } from './notifiers/index.js'
import { createUsersModule, type SignApiToken } from './users/index.js'
import { createWebhooksModule } from './webhooks/index.js'

export interface ModuleDependencies {
  config: Config
  db: Database
  jobs: JobRunner
  signSession: SignToken
  signApiToken: SignApiToken
  /** Reads pages in worker threads, off the request event loop. */
  pages: PageReader
  /** Short-lived download tokens for `/api/utils/download`. */
  fileTokens: FileTokens
  log: (message: string, error?: unknown) => void
  /** The instance's subscribers to groups' events (`/api/live`). */
  hub: NotificationHub
  /** The instance's Prometheus instruments (GET /metrics). */
  metrics: Metrics
  /** The instance's secret (SECRET or DATA_DIR/.secret): the root of the keys that seal stored secrets. */
  secret: string
}

/**
 * Builds every area from its public entry (`<area>/index.ts`), each after the areas it uses: an area reaches another
 * only through what that entry returns (docs/architecture.md "Module rules, and what enforces them"). A new area is one line here.
 */
export function createModules(deps: ModuleDependencies) {
  const shared = { ...deps, mailer: createMailer(deps.config) }
  const households = createHouseholdsModule(shared)
  const groups = createGroupsModule({ ...shared, households })
  const users = createUsersModule({ ...shared, groups, households })
  const app = createAppModule({ ...shared, groups, users })
  const auth = createAuthModule({ ...shared, groups, households, users })
  // The seed lists are the foods area's data but need none of its services, so recipes get them before foods are built:
  // foods refresh recipes' search, and recipes must not import foods back.
  const recipes = createRecipesModule({ ...shared, households, seeds: { seedEntryNamed } })
  const recipeActivity = createRecipeActivityModule(shared)
  const organizers = createOrganizersModule({ ...shared, recipes })
  const foods = createFoodsModule(shared)
  const cookbooks = createCookbooksModule(shared)
  const mealplans = createMealPlansModule(shared)
  const shopping = createShoppingModule({ ...shared, foods, mealplans })
  const webhooks = createWebhooksModule({ ...shared, mealplans })
  const explore = createExploreModule({ ...shared, foods, organizers, households, cookbooks })
  const media = createMediaModule({ ...shared, explore })
  const reports = createReportsModule(shared)
  // The OpenAI-compatible provider (OPENAI_*), shared by image import, the `openai` ingredient parser and the
  // administrators' test of it.
  const ai = createAiProvider(deps.config)
  const admin = createAdminModule({ ...shared, ai, app, groups, households, users, recipes, recipeActivity })
  const parser = createParserModule({ ...shared, ai })
  const migrations = createMigrationsModule({ ...shared, recipes, reports })
  const imports = createImportModule({ ...shared, ai, recipes, reports })
  const downloads = createDownloadsModule(shared)
  const live = createLiveModule(shared)
  const notifiers = createNotifiersModule(shared)
  const backups = createBackupsModule({ ...shared, convertArchive: mealieArchiveConverter(shared.secret) })
  const recipeActions = createRecipeActionsModule({ ...shared, recipes })
  return {
    app,
    auth,
    users,
    groups,
    households,
    recipes,
    media,
    admin,
    organizers,
    foods,
    cookbooks,
    mealplans,
    explore,
    recipeActivity,
    reports,
    parser,
    migrations,
    imports,
    downloads,
    live,
    shopping,
    webhooks,
    notifiers,
    backups,
    recipeActions,
  }
}

export type Modules = ReturnType<typeof createModules>

export function registerModuleRoutes(app: FastifyInstance, modules: Modules): void {
  for (const area of Object.values(modules)) area.registerRoutes(app)
}
