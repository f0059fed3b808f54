import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'

/**
 * Bulk actions on recipes (docs/mealie-compatibility.md "Recipe bulk actions"): slugs of the caller's household's recipes. Each action runs in one
 * transaction. Tag, categorize and settings refuse the whole request (404, nothing written) when a slug is not a
 * recipe of the caller's household; delete skips such slugs, as Mealie ignores each item's failure.
 */
const bulkGroup = endpointGroup({
  tags: ['Recipe: Bulk Actions'],
  auth: 'user',
  errors: { 400: ErrorResponse, 404: ErrorResponse },
})

const RecipeSlugs = z.array(z.string().min(1).max(500)).max(500)

/** An organizer as Mealie's bulk bodies carry it (`{id, name, slug}`); the id names it. */
const OrganizerById = z.object({
  id: z.uuid(),
  name: z.string().max(200).optional(),
  slug: z.string().max(200).optional(),
})

export const AssignTags = z
  .object({ recipes: RecipeSlugs, tags: z.array(OrganizerById).max(200) })
  .meta({ id: 'AssignTags' })
export type AssignTags = z.input<typeof AssignTags>

export const AssignCategories = z
  .object({ recipes: RecipeSlugs, categories: z.array(OrganizerById).max(200) })
  .meta({ id: 'AssignCategories' })
export type AssignCategories = z.input<typeof AssignCategories>

/** The settings every named recipe gets; `locked` changes only on the caller's own recipes. */
export const AssignSettings = z
  .object({
    recipes: RecipeSlugs,
    settings: z.object({
      public: z.boolean(),
      showNutrition: z.boolean(),
      showAssets: z.boolean(),
      landscapeView: z.boolean(),
      disableComments: z.boolean(),
      disableAmount: z.boolean(),
      locked: z.boolean().optional(),
    }),
  })
  .meta({ id: 'AssignSettings' })
export type AssignSettings = z.input<typeof AssignSettings>

export const DeleteRecipes = z.object({ recipes: RecipeSlugs }).meta({ id: 'DeleteRecipes' })
export type DeleteRecipes = z.input<typeof DeleteRecipes>

/** "Export all" names every recipe of a household: longer lists than the other actions take. */
export const ExportRecipes = z
  .object({
    recipes: z.array(z.string().min(1).max(500)).min(1).max(10_000),
    exportType: z.enum(['json']).default('json'),
  })
  .meta({ id: 'ExportRecipes' })
export type ExportRecipes = z.input<typeof ExportRecipes>

/**
 * A zip a bulk export built (Mealie's GroupDataExport): `name` is always "Data Export", `filename` `<id>.zip`, `path`
 * the value to hand to the download route, `size` human text ("1.2 MB"). Larder's additions: `createdAt`, and
 * `status` with `error`, because Larder lists an export from the moment it is asked for: 'building' while its job
 * runs (size "0 bytes"), 'failed' with the reason once its retries are spent, 'ready' when its zip can be downloaded.
 */
export const GroupDataExport = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    name: z.string(),
    filename: z.string(),
    path: z.string(),
    size: z.string(),
    expires: z.string(),
    createdAt: z.string(),
    status: z.enum(['building', 'ready', 'failed']),
    error: z.string().nullable(),
  })
  .meta({ id: 'GroupDataExport' })
export type GroupDataExport = z.infer<typeof GroupDataExport>

/** A short-lived signed token for `GET /api/utils/download?token=`. */
export const FileTokenResponse = z.object({ fileToken: z.string() }).meta({ id: 'FileTokenResponse' })
export type FileTokenResponse = z.infer<typeof FileTokenResponse>

export const bulkTagRecipes = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/tag',
  summary: "Add tags to recipes of the caller's household",
  body: AssignTags,
  responses: { 200: z.null() },
})

export const bulkCategorizeRecipes = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/categorize',
  summary: "Add categories to recipes of the caller's household",
  body: AssignCategories,
  responses: { 200: z.null() },
})

export const bulkSetRecipeSettings = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/settings',
  summary: "Replace the settings of recipes of the caller's household (each keeps its lock unless it is the caller's)",
  body: AssignSettings,
  responses: { 200: z.null() },
})

export const bulkDeleteRecipes = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/delete',
  summary: "Delete recipes of the caller's household with their media; other slugs are skipped",
  body: DeleteRecipes,
  responses: { 200: z.null() },
})

/**
 * Starts a background job that zips the recipes (`recipes/<slug>/<slug>.json` and `recipes/<slug>/original.webp`)
 * and stores the zip as one of the group's exports for a day; answers 202 `null` at once, as Mealie does.
 */
export const bulkExportRecipes = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/export',
  summary: "Start building a zip of recipes of the caller's household, listed under the group's exports when done",
  body: ExportRecipes,
  responses: { 202: z.null() },
})

export const listRecipeExports = bulkGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/bulk-actions/export',
  summary: "The group's recipe exports that have not expired, newest first",
  responses: { 200: z.array(GroupDataExport) },
})

export const getRecipeExportToken = bulkGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/bulk-actions/export/download',
  summary: "A 30-minute token to download one of the group's exports from `/api/utils/download`",
  query: z.object({ path: z.string().min(1).max(500) }),
  responses: { 200: FileTokenResponse },
})

export const purgeRecipeExports = bulkGroup.endpoint({
  method: 'DELETE',
  path: '/api/recipes/bulk-actions/export/purge',
  summary: "Delete all of the group's exports and their files",
  responses: { 200: SuccessResponse },
})

const exportId = z.object({ id: z.uuid({ message: 'Not a valid export id' }) })

/** Larder's addition: builds a failed export again from the recipes it was asked for. */
export const retryRecipeExport = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/export/:id/retry',
  summary: "Build one of the group's failed exports again; 409 when it is not a failed one",
  params: exportId,
  responses: { 202: z.null(), 409: ErrorResponse },
})

/** Larder's addition: dismisses one export (a failed one, or a zip no longer wanted) and deletes its file. */
export const deleteRecipeExport = bulkGroup.endpoint({
  method: 'DELETE',
  path: '/api/recipes/bulk-actions/export/:id',
  summary: "Delete one of the group's exports and its file",
  params: exportId,
  responses: { 200: SuccessResponse },
})

export const recipeBulkActionEndpoints = [
  bulkTagRecipes,
  bulkCategorizeRecipes,
  bulkSetRecipeSettings,
  bulkDeleteRecipes,
  bulkExportRecipes,
  listRecipeExports,
  getRecipeExportToken,
  purgeRecipeExports,
  retryRecipeExport,
  deleteRecipeExport,
] as const
