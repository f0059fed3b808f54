import type {
  HouseholdSummary,
  IngredientFood,
  OrganizerCreated,
  ReadCookBook,
  Recipe,
  RecipeCategory,
  RecipeCookBook,
  RecipeSummary,
  RecipeTool,
} from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { HttpError, notFound } from '../../http/errors.js'
import { pageLink, parseQueryFilter, type ListQuery, type Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { CookbookService } from '../cookbooks/index.js'
import type { FoodService } from '../foods/index.js'
import type { HouseholdService } from '../households/index.js'
import type { OrganizerService, ToolService } from '../organizers/index.js'
import { loadRecipes, recipeListPage, type RecipeListFilters } from '../recipes/index.js'
import { exploreRepo } from './repo.js'

/** Nobody's id: visitors belong to no household and are no user, so nothing is on hand and no rating is theirs. */
const nobody = '00000000-0000-0000-0000-000000000000'

/** A visitor reads within the group of the address, as nobody in it. */
export interface VisitorScope extends Scope {
  readonly groupSlug: string
}

/** The public part of a recipe list, in Mealie's words (docs/mealie-compatibility.md "Explore"). */
const publicRecipes = 'household.preferences.privateHousehold = false AND settings.public = true'
const publicHouseholds = 'preferences.privateHousehold = false'

/**
 * The visitor's filter ANDed after the public restriction. It is parsed on its own first, so its errors name its own
 * characters and it is known to be balanced: inside its parentheses it cannot reach the restriction.
 */
function restricted(restriction: string, filter: string | undefined): string {
  if (!filter?.trim()) return restriction
  parseQueryFilter(filter)
  return `${restriction} AND (${filter})`
}

/** The page as its address shows it: links to the explore path with the visitor's own parameters. */
function relinked<Item>(page: Page<Item>, path: string, query: object): Page<Item> {
  return {
    ...page,
    next: page.page < page.total_pages ? pageLink(path, { ...query }, page.page + 1) : null,
    previous: page.page > 1 ? pageLink(path, { ...query }, page.page - 1) : null,
  }
}

const householdListKeys = new Set(['householdsWithTool', 'householdsWithIngredientFood'])

/**
 * The answer with the household slugs it names (who has a tool or food on hand) kept to households visitors may see:
 * a private household is not listed, so its slug must not show elsewhere either.
 */
function naming<Value>(value: Value, shown: ReadonlySet<string>): Value {
  if (Array.isArray(value)) return value.map((item: unknown) => naming(item, shown)) as Value
  // Only plain objects are walked: a Date or any other instance passes through as it is.
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      householdListKeys.has(key) && Array.isArray(item)
        ? item.filter((slug) => typeof slug === 'string' && shown.has(slug))
        : naming(item, shown),
    ]),
  ) as Value
}

/** Another area's 404 in the words explore answers with. */
async function orNotFound<Value>(read: Promise<Value>, message: string): Promise<Value> {
  try {
    return await read
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(message)
    throw error
  }
}

export function createExploreService(deps: {
  db: Database
  foods: FoodService
  categories: OrganizerService
  tags: OrganizerService
  tools: ToolService
  households: HouseholdService
  cookbooks: CookbookService
}) {
  const { db } = deps

  async function visitorOf(groupKey: string): Promise<VisitorScope> {
    const group = await exploreRepo.findPublicGroup(db, groupKey)
    if (!group) throw notFound('group not found')
    return { groupId: group.id, groupSlug: group.slug, householdId: nobody, userId: nobody }
  }

  /** An answer for visitors of the group, naming only its public households. */
  async function shown<Value>(visitor: Scope, read: Promise<Value>): Promise<Value> {
    const [value, slugs] = await Promise.all([read, exploreRepo.publicHouseholdSlugs(db, visitor.groupId)])
    return naming(value, new Set(slugs))
  }

  const pathOf = (groupKey: string, resource: string) => `/explore/groups/${encodeURIComponent(groupKey)}/${resource}`

  async function publicRecipePage(
    visitor: VisitorScope,
    query: ListQuery & RecipeListFilters,
    path: string,
  ): Promise<Page<RecipeSummary>> {
    let cookbook: string | undefined
    if (query.cookbook) {
      const found = await deps.cookbooks.findPublic(visitor.groupId, query.cookbook)
      if (!found) throw notFound('cookbook not found')
      cookbook = found.id
    }
    const queryFilter = restricted(publicRecipes, query.queryFilter)
    const page = await recipeListPage(db, visitor, { ...query, cookbook, queryFilter })
    return relinked(page, path, query)
  }

  async function withGroupId(visitor: VisitorScope, read: Promise<RecipeCategory>): Promise<OrganizerCreated> {
    return { ...(await read), groupId: visitor.groupId }
  }

  return {
    visitorOf,

    async foods(groupKey: string, query: ListQuery): Promise<Page<IngredientFood>> {
      const visitor = await visitorOf(groupKey)
      return shown(visitor, deps.foods.page(visitor, query, pathOf(groupKey, 'foods')))
    },
    async food(groupKey: string, id: string): Promise<IngredientFood> {
      const visitor = await visitorOf(groupKey)
      return shown(visitor, orNotFound(deps.foods.get(visitor, id), 'food not found'))
    },

    async categories(groupKey: string, query: ListQuery): Promise<Page<RecipeCategory>> {
      const visitor = await visitorOf(groupKey)
      return deps.categories.page(visitor, query, pathOf(groupKey, 'organizers/categories'))
    },
    async category(groupKey: string, id: string): Promise<OrganizerCreated> {
      const visitor = await visitorOf(groupKey)
      return withGroupId(visitor, orNotFound(deps.categories.get(visitor, id), 'category not found'))
    },
    async tags(groupKey: string, query: ListQuery): Promise<Page<RecipeCategory>> {
      const visitor = await visitorOf(groupKey)
      return deps.tags.page(visitor, query, pathOf(groupKey, 'organizers/tags'))
    },
    async tag(groupKey: string, id: string): Promise<OrganizerCreated> {
      const visitor = await visitorOf(groupKey)
      return withGroupId(visitor, orNotFound(deps.tags.get(visitor, id), 'tag not found'))
    },
    async tools(groupKey: string, query: ListQuery): Promise<Page<RecipeTool>> {
      const visitor = await visitorOf(groupKey)
      return shown(visitor, deps.tools.page(visitor, query, pathOf(groupKey, 'organizers/tools')))
    },
    async tool(groupKey: string, id: string): Promise<RecipeTool> {
      const visitor = await visitorOf(groupKey)
      return shown(visitor, orNotFound(deps.tools.get(visitor, id), 'tool not found'))
    },

    async households(groupKey: string, query: ListQuery): Promise<Page<HouseholdSummary>> {
      const visitor = await visitorOf(groupKey)
      const path = pathOf(groupKey, 'households')
      const queryFilter = restricted(publicHouseholds, query.queryFilter)
      return relinked(await deps.households.page(visitor, { ...query, queryFilter }, path), path, query)
    },
    async household(groupKey: string, key: string): Promise<HouseholdSummary> {
      const visitor = await visitorOf(groupKey)
      const id = await exploreRepo.findPublicHouseholdId(db, visitor.groupId, key)
      if (!id) throw notFound('household not found')
      return orNotFound(deps.households.findInGroup(visitor, id), 'household not found')
    },

    async cookbooks(groupKey: string, query: ListQuery): Promise<Page<ReadCookBook>> {
      const visitor = await visitorOf(groupKey)
      return deps.cookbooks.publicPage(visitor.groupId, query, pathOf(groupKey, 'cookbooks'))
    },
    /** A public cookbook with the public recipes its filter selects. */
    async cookbook(groupKey: string, key: string): Promise<RecipeCookBook> {
      const visitor = await visitorOf(groupKey)
      const cookbook = await deps.cookbooks.findPublic(visitor.groupId, key)
      if (!cookbook) throw notFound('cookbook not found')
      const recipes = await publicRecipePage(
        visitor,
        { cookbook: cookbook.id, perPage: -1, orderBy: 'name', orderDirection: 'asc' },
        pathOf(groupKey, 'recipes'),
      )
      return shown(visitor, Promise.resolve({ ...cookbook, recipes: recipes.items }))
    },

    async recipes(groupKey: string, query: ListQuery & RecipeListFilters): Promise<Page<RecipeSummary>> {
      const visitor = await visitorOf(groupKey)
      return shown(visitor, publicRecipePage(visitor, query, pathOf(groupKey, 'recipes')))
    },
    async recipe(groupKey: string, key: string): Promise<Recipe> {
      const visitor = await visitorOf(groupKey)
      const recipe = await this.publicRecipe(visitor, key)
      if (!recipe) throw notFound('recipe not found')
      return shown(visitor, Promise.resolve(recipe))
    },

    /** Whole recipes of the scope's group by id, for link previews that settled who may see them. */
    recipesFor: (scope: Scope, ids: readonly string[]) => loadRecipes(db, scope, ids),

    /** A public recipe of the visitor's group, or null. */
    async publicRecipe(visitor: Scope, key: string): Promise<Recipe | null> {
      const id = await exploreRepo.findPublicRecipeId(db, visitor.groupId, key)
      if (!id) return null
      const [recipe] = await loadRecipes(db, visitor, [id])
      return recipe ?? null
    },
  }
}

export type ExploreService = ReturnType<typeof createExploreService>
