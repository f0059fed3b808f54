import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { CookbooksModule } from '../cookbooks/index.js'
import type { FoodsModule } from '../foods/index.js'
import type { HouseholdsModule } from '../households/index.js'
import type { OrganizersModule } from '../organizers/index.js'
import { exploreRepo } from './repo.js'
import { registerExploreRoutes } from './routes.js'
import { createExploreService } from './service.js'

export type { ExploreService } from './service.js'

/**
 * What a public group shows visitors without an account (docs/mealie-compatibility.md "Explore", docs/security.md "Access flags and guards"): its foods and organizers,
 * its public households, their public cookbooks and recipes. Reads through the other areas' services as a visitor of
 * the group, who belongs to no household.
 */
export function createExploreModule(deps: {
  config: Config
  db: Database
  foods: FoodsModule
  organizers: OrganizersModule
  households: HouseholdsModule
  cookbooks: CookbooksModule
}) {
  const service = createExploreService({
    db: deps.db,
    foods: deps.foods.foods,
    categories: deps.organizers.categories,
    tags: deps.organizers.tags,
    tools: deps.organizers.tools,
    households: deps.households.service,
    cookbooks: deps.cookbooks.service,
  })
  return {
    service,
    /** Who may fetch a recipe's media (the media area's rule): see exploreRepo.mediaAccess. */
    mediaAccess: (recipeId: string, token: string | undefined) => exploreRepo.mediaAccess(deps.db, recipeId, token),
    /** What the web shell's link previews and first paints read of a group and its recipes (web-shell/link-preview.ts). */
    pageFacts: {
      previewFacts: (groupId: string, recipeId: string) => exploreRepo.previewFacts(deps.db, groupId, recipeId),
      findAnyGroup: (groupKey: string) => exploreRepo.findAnyGroup(deps.db, groupKey),
      findSharedRecipeId: (groupId: string, token: string, now: Date) =>
        exploreRepo.findSharedRecipeId(deps.db, groupId, token, now),
    },
    registerRoutes: (app: FastifyInstance) =>
      registerExploreRoutes(app, service, { requestsPerMinute: deps.config.SECURITY_EXPLORE_RATE_LIMIT }),
  }
}

export type ExploreModule = ReturnType<typeof createExploreModule>
export type ExplorePageFacts = ExploreModule['pageFacts']
