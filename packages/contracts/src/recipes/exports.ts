import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

/**
 * Recipe exports (reference §2.7.5 as changed by §12.5). Mealie 3 dropped the Jinja2 templates and the 30-minute zip
 * token: the JSON export stays for the recipe page's "download JSON", and the zip is read either by a signed-in member
 * of the recipe's household or, signed out, with a share token of that recipe (`?token=`), like the shared page.
 */
const exportGroup = endpointGroup({
  tags: ['Recipe: Exports'],
  auth: 'user',
  errors: { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
})

const bySlug = z.object({ slug: z.string().min(1).max(500) })

/** `raw` is the only format left in Mealie 3: the recipe as its JSON (camelCase, as GET answers it). */
export const RecipeExportQuery = z.object({ template_name: z.enum(['raw']) })

export const exportRecipe = exportGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug/exports',
  summary: 'Download the recipe as `<slug>.json`',
  params: bySlug,
  query: RecipeExportQuery,
  responses: { 200: null },
})

export const exportRecipeZip = exportGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug/exports/zip',
  summary:
    'Download the recipe as `<slug>.zip` (`<slug>.json` and `original.webp`): signed in, or with a share token of it',
  auth: 'public',
  params: bySlug,
  query: z.object({ token: z.uuid().optional() }),
  responses: { 200: null },
})

export const recipeExportEndpoints = [exportRecipe, exportRecipeZip] as const
