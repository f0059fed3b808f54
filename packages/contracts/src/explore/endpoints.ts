import { z } from 'zod'
import { endpointAddress, endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { ReadCookBook, RecipeCookBook } from '../cookbooks/models.js'
import { IngredientFood } from '../foods/models.js'
import { HouseholdSummary } from '../households/models.js'
import { OrganizerCreated, RecipeCategory, RecipeTag, RecipeTool } from '../organizers/models.js'
import { Recipe, RecipeFilterable, RecipeSummary } from '../recipes/models.js'
import { RecipeListQuery, explorerDefaultSort, explorerPageSize } from '../recipes/endpoints.js'

/**
 * A public group's data for visitors without an account (docs/mealie-compatibility.md "Explore"): a private group, household,
 * cookbook or recipe is answered 404 as if it did not exist.
 */
const explore = endpointGroup({ tags: ['Explore'], auth: 'public', errors: { 400: ErrorResponse, 404: ErrorResponse } })

const root = '/api/explore/groups/:groupSlug'
const group = z.object({ groupSlug: z.string().min(1).max(200) })
const groupAndId = group.extend({ id: z.uuid() })
const SearchQuery = PaginationQuery.extend({ search: z.string().max(500).optional() })

export const exploreFoods = explore.endpoint({
  method: 'GET',
  path: `${root}/foods`,
  summary: "List a public group's foods",
  params: group,
  query: SearchQuery,
  responses: { 200: paginated(IngredientFood) },
})

export const exploreFood = explore.endpoint({
  method: 'GET',
  path: `${root}/foods/:id`,
  summary: "Read one of a public group's foods",
  params: groupAndId,
  responses: { 200: IngredientFood },
})

export const exploreCategories = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/categories`,
  summary: "List a public group's categories",
  params: group,
  query: SearchQuery,
  responses: { 200: paginated(RecipeCategory) },
})

export const exploreCategory = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/categories/:id`,
  summary: "Read one of a public group's categories",
  params: groupAndId,
  responses: { 200: OrganizerCreated },
})

export const exploreTags = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/tags`,
  summary: "List a public group's tags",
  params: group,
  query: SearchQuery,
  responses: { 200: paginated(RecipeTag) },
})

export const exploreTag = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/tags/:id`,
  summary: "Read one of a public group's tags",
  params: groupAndId,
  responses: { 200: OrganizerCreated },
})

export const exploreTools = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/tools`,
  summary: "List a public group's tools",
  params: group,
  query: SearchQuery,
  responses: { 200: paginated(RecipeTool) },
})

export const exploreTool = explore.endpoint({
  method: 'GET',
  path: `${root}/organizers/tools/:id`,
  summary: "Read one of a public group's tools",
  params: groupAndId,
  responses: { 200: RecipeTool },
})

export const exploreHouseholds = explore.endpoint({
  method: 'GET',
  path: `${root}/households`,
  summary: "List a public group's public households",
  params: group,
  query: PaginationQuery,
  responses: { 200: paginated(HouseholdSummary) },
})

export const exploreHousehold = explore.endpoint({
  method: 'GET',
  path: `${root}/households/:householdSlug`,
  summary: 'Read one public household by slug or id',
  params: group.extend({ householdSlug: z.string().min(1).max(200) }),
  responses: { 200: HouseholdSummary },
})

export const exploreCookbooks = explore.endpoint({
  method: 'GET',
  path: `${root}/cookbooks`,
  summary: "List a public group's public cookbooks",
  params: group,
  query: PaginationQuery,
  responses: { 200: paginated(ReadCookBook) },
})

export const exploreCookbook = explore.endpoint({
  method: 'GET',
  path: `${root}/cookbooks/:id`,
  summary: 'Read one public cookbook by id or slug, with its public recipes',
  params: group.extend({ id: z.string().min(1).max(200) }),
  responses: { 200: RecipeCookBook },
})

export const exploreRecipes = explore.endpoint({
  method: 'GET',
  path: `${root}/recipes`,
  summary: "List and search a public group's public recipes",
  params: group,
  query: RecipeListQuery,
  filterable: RecipeFilterable,
  responses: { 200: paginated(RecipeSummary) },
})

export const exploreRecipe = explore.endpoint({
  method: 'GET',
  path: `${root}/recipes/:slug`,
  summary: 'Read one public recipe by slug or id',
  params: group.extend({ slug: z.string().min(1).max(500) }),
  responses: { 200: Recipe },
})

/**
 * The address a signed-out visitor's explorer asks for its first page (the web client's explore.ts asks the same),
 * under which the server embeds it in the explorer's HTML (first paint); like explorerFirstPageAddress for members.
 */
export const exploreFirstPageAddress = (groupSlug: string) =>
  endpointAddress(exploreRecipes, {
    params: { groupSlug },
    query: { perPage: explorerPageSize, ...explorerDefaultSort, page: 1 },
  })

export const exploreEndpoints = [
  exploreFoods,
  exploreFood,
  exploreCategories,
  exploreCategory,
  exploreTags,
  exploreTag,
  exploreTools,
  exploreTool,
  exploreHouseholds,
  exploreHousehold,
  exploreCookbooks,
  exploreCookbook,
  exploreRecipes,
  exploreRecipe,
] as const
