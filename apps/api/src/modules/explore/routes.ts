import {
  exploreCategories,
  exploreCategory,
  exploreCookbook,
  exploreCookbooks,
  exploreFood,
  exploreFoods,
  exploreHousehold,
  exploreHouseholds,
  exploreRecipe,
  exploreRecipes,
  exploreTag,
  exploreTags,
  exploreTool,
  exploreTools,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { ExploreService } from './service.js'

export function registerExploreRoutes(
  app: FastifyInstance,
  explore: ExploreService,
  options: { requestsPerMinute: number },
): void {
  // Anyone may call these: a per-address limit keeps one client from scraping a group or loading the database.
  const limited = { requestsPerMinute: options.requestsPerMinute }
  registerEndpoint(app, exploreFoods, ({ params, query }) => explore.foods(params.groupSlug, query), limited)
  registerEndpoint(app, exploreFood, ({ params }) => explore.food(params.groupSlug, params.id), limited)
  registerEndpoint(app, exploreCategories, ({ params, query }) => explore.categories(params.groupSlug, query), limited)
  registerEndpoint(app, exploreCategory, ({ params }) => explore.category(params.groupSlug, params.id), limited)
  registerEndpoint(app, exploreTags, ({ params, query }) => explore.tags(params.groupSlug, query), limited)
  registerEndpoint(app, exploreTag, ({ params }) => explore.tag(params.groupSlug, params.id), limited)
  registerEndpoint(app, exploreTools, ({ params, query }) => explore.tools(params.groupSlug, query), limited)
  registerEndpoint(app, exploreTool, ({ params }) => explore.tool(params.groupSlug, params.id), limited)
  registerEndpoint(app, exploreHouseholds, ({ params, query }) => explore.households(params.groupSlug, query), limited)
  registerEndpoint(
    app,
    exploreHousehold,
    ({ params }) => explore.household(params.groupSlug, params.householdSlug),
    limited,
  )
  registerEndpoint(app, exploreCookbooks, ({ params, query }) => explore.cookbooks(params.groupSlug, query), limited)
  registerEndpoint(app, exploreCookbook, ({ params }) => explore.cookbook(params.groupSlug, params.id), limited)
  registerEndpoint(app, exploreRecipes, ({ params, query }) => explore.recipes(params.groupSlug, query), limited)
  registerEndpoint(app, exploreRecipe, ({ params }) => explore.recipe(params.groupSlug, params.slug), limited)
}
