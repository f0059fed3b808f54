import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

/**
 * Bulk actions on recipes (reference §2.7.7): slugs of the caller's household's recipes. Each action runs in one
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

export const ExportRecipes = z
  .object({ recipes: RecipeSlugs.min(1), exportType: z.enum(['json']).default('json') })
  .meta({ id: 'ExportRecipes' })
export type ExportRecipes = z.input<typeof ExportRecipes>

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
 * Larder answers the zip at once (`recipes.zip`: `recipes/<slug>/<slug>.json` and `recipes/<slug>/original.webp`)
 * instead of Mealie's 202 and stored export list: nothing is kept on the server, so there is nothing to list, expire
 * or purge, and no download token to hand out.
 */
export const bulkExportRecipes = bulkGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/bulk-actions/export',
  summary: "Download recipes of the caller's household as one zip of their JSON and pictures",
  body: ExportRecipes,
  responses: { 200: null },
})

export const recipeBulkActionEndpoints = [
  bulkTagRecipes,
  bulkCategorizeRecipes,
  bulkSetRecipeSettings,
  bulkDeleteRecipes,
  bulkExportRecipes,
] as const
