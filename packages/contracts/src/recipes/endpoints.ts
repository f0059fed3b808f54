import { z } from 'zod'
import { endpointAddress, endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import {
  CreateRecipe,
  DuplicateRecipe,
  Recipe,
  RecipeAsset,
  RecipeBulkInput,
  RecipeFilterable,
  RecipeImageFromUrl,
  RecipeImageKey,
  RecipeInput,
  RecipeLastMade,
  RecipeListFilters,
  RecipeSummary,
} from './models.js'

/** A recipe's slug, or its id (docs/mealie-compatibility.md "Recipe conventions"). */
const bySlug = z.object({ slug: z.string().min(1).max(500) })

const recipes = endpointGroup({
  tags: ['Recipe: CRUD'],
  auth: 'user',
  errors: { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
})

export const RecipeListQuery = PaginationQuery.extend(RecipeListFilters)

export const listRecipes = recipes.endpoint({
  method: 'GET',
  path: '/api/recipes',
  summary: "List and search the group's recipes",
  query: RecipeListQuery,
  filterable: RecipeFilterable,
  responses: { 200: paginated(RecipeSummary) },
})

/** Cards per page of the recipe explorer: divisible by 1, 2, 3, 5 and 6 columns. */
export const explorerPageSize = 30
/** The explorer's order when the address names none. */
export const explorerDefaultSort = { orderBy: 'created_at', orderDirection: 'desc' } as const
/**
 * The explorer's first page when nothing is searched, filtered or re-sorted: the address the web client asks for it
 * by, under which the server embeds it in the explorer's HTML (first paint).
 */
export const explorerFirstPageAddress = endpointAddress(listRecipes, {
  query: { perPage: explorerPageSize, ...explorerDefaultSort, page: 1 },
})

export const createRecipe = recipes.endpoint({
  method: 'POST',
  path: '/api/recipes',
  summary: 'Create a recipe from a name; answers its slug',
  body: CreateRecipe,
  responses: { 201: z.string() },
})

export const updateRecipes = recipes.endpoint({
  method: 'PUT',
  path: '/api/recipes',
  summary: 'Replace several recipes, each named by id',
  body: z.array(RecipeBulkInput).max(500),
  responses: { 200: z.array(Recipe) },
})

export const patchRecipes = recipes.endpoint({
  method: 'PATCH',
  path: '/api/recipes',
  summary: 'Change some fields of several recipes, each named by id',
  body: z.array(RecipeBulkInput).max(500),
  responses: { 200: z.array(Recipe) },
})

export const getRecipe = recipes.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug',
  summary: 'Read one recipe by slug or id',
  params: bySlug,
  responses: { 200: Recipe },
})

export const updateRecipe = recipes.endpoint({
  method: 'PUT',
  path: '/api/recipes/:slug',
  summary: 'Replace a recipe; omitted fields return to their defaults',
  params: bySlug,
  body: RecipeInput,
  responses: { 200: Recipe },
})

export const patchRecipe = recipes.endpoint({
  method: 'PATCH',
  path: '/api/recipes/:slug',
  summary: 'Change the given fields of a recipe',
  params: bySlug,
  body: RecipeInput,
  responses: { 200: Recipe },
})

export const deleteRecipe = recipes.endpoint({
  method: 'DELETE',
  path: '/api/recipes/:slug',
  summary: 'Delete a recipe with its images, assets, comments and events',
  params: bySlug,
  responses: { 200: Recipe },
})

export const duplicateRecipe = recipes.endpoint({
  method: 'POST',
  path: '/api/recipes/:slug/duplicate',
  summary: 'Copy a recipe into the caller’s household',
  params: bySlug,
  body: DuplicateRecipe,
  responses: { 201: Recipe },
})

export const setRecipeLastMade = recipes.endpoint({
  method: 'PATCH',
  path: '/api/recipes/:slug/last-made',
  summary: 'Record when the recipe was last made',
  params: bySlug,
  body: RecipeLastMade,
  responses: { 200: Recipe },
})

// The two uploads declare their parts as `multipart`, not `body`: their handlers read the stream through the upload
// reader (a declared form body would have its file parts skipped by registerEndpoint).

/** Multipart `image` (the file) and `extension` (docs/mealie-compatibility.md "Recipe images and assets"); the answer carries the new cache key. */
export const uploadRecipeImage = recipes.endpoint({
  method: 'PUT',
  path: '/api/recipes/:slug/image',
  summary: "Replace the recipe's image with an uploaded file",
  params: bySlug,
  bodyEncoding: 'form',
  multipart: z.object({ image: z.file(), extension: z.string().max(20).optional() }),
  responses: { 200: RecipeImageKey, 413: ErrorResponse, 415: ErrorResponse },
})

export const scrapeRecipeImage = recipes.endpoint({
  method: 'POST',
  path: '/api/recipes/:slug/image',
  summary: "Replace the recipe's image with one downloaded from a URL (through the outbound guard)",
  params: bySlug,
  body: RecipeImageFromUrl,
  responses: { 200: RecipeImageKey },
})

export const deleteRecipeImage = recipes.endpoint({
  method: 'DELETE',
  path: '/api/recipes/:slug/image',
  summary: "Remove the recipe's image",
  params: bySlug,
  responses: { 200: SuccessResponse },
})

/** The parts of an asset upload (docs/mealie-compatibility.md "Recipe images and assets"). */
const RecipeAssetUpload = z.object({
  name: z.string().max(500),
  icon: z.string().max(100).optional(),
  extension: z.string().max(20),
  file: z.file(),
})

export const uploadRecipeAsset = recipes.endpoint({
  method: 'POST',
  path: '/api/recipes/:slug/assets',
  summary: 'Attach a file to the recipe (multipart name, icon, extension, file)',
  params: bySlug,
  bodyEncoding: 'form',
  multipart: RecipeAssetUpload,
  responses: { 200: RecipeAsset, 413: ErrorResponse, 415: ErrorResponse },
})

export const recipeEndpoints = [
  listRecipes,
  createRecipe,
  updateRecipes,
  patchRecipes,
  getRecipe,
  updateRecipe,
  patchRecipe,
  deleteRecipe,
  duplicateRecipe,
  setRecipeLastMade,
  uploadRecipeImage,
  scrapeRecipeImage,
  deleteRecipeImage,
  uploadRecipeAsset,
] as const
