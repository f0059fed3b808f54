import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

/**
 * Recipe exports (docs/mealie-compatibility.md "Recipe exports"). Mealie 3 dropped the format list, the Jinja2 templates and the 30-minute zip
 * token (docs/mealie-compatibility.md "After Mealie 2.0"), but Mealie 2's clients still call them, so Larder answers both: the format list, a recipe through a
 * template (`raw` is the JSON, `zip` the zip), the zip token, and the zip read with either kind of token — a zip token
 * of the recipe, or a share token of it (Mealie 3: a signed-out visitor of the shared page).
 */
const exportGroup = endpointGroup({
  tags: ['Recipe: Exports'],
  auth: 'user',
  errors: { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
})

const bySlug = z.object({ slug: z.string().min(1).max(500) })

/** A template's file name: `raw`, `zip`, `recipes.md` or an administrator's own; never a path. */
export const exportTemplateName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*(\.[A-Za-z0-9_-]+)*$/, 'A template name, not a path')

export const RecipeExportQuery = z.object({ template_name: exportTemplateName })

export const RecipeExportFormats = z
  .object({ json: z.array(z.string()), zip: z.array(z.string()), jinja2: z.array(z.string()) })
  .meta({ id: 'FormatResponse' })
export type RecipeExportFormats = z.infer<typeof RecipeExportFormats>

export const RecipeZipToken = z.object({ token: z.string() }).meta({ id: 'RecipeZipTokenResponse' })

export const listRecipeExportFormats = exportGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/exports',
  summary: "The export formats: `raw` (JSON), `zip`, and the Jinja2 templates (`recipes.md` and the server's own)",
  responses: { 200: RecipeExportFormats },
})

export const exportRecipe = exportGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug/exports',
  summary: 'Download the recipe as `<slug>.json` (`raw`), `<slug>.zip` (`zip`) or rendered through a template',
  params: bySlug,
  query: RecipeExportQuery,
  responses: { 200: null },
})

export const createRecipeZipToken = exportGroup.endpoint({
  method: 'POST',
  path: '/api/recipes/:slug/exports',
  summary: "A token that downloads the recipe's zip for 30 minutes (`GET …/exports/zip?token=`)",
  params: bySlug,
  responses: { 200: RecipeZipToken },
})

export const exportRecipeZip = exportGroup.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug/exports/zip',
  summary:
    'Download the recipe as `<slug>.zip` (`<slug>.json` and `original.webp`): signed in, or with a zip or share token of it',
  auth: 'public',
  params: bySlug,
  query: z.object({ token: z.string().min(1).max(4000).optional() }),
  responses: { 200: null },
})

export const recipeExportEndpoints = [
  listRecipeExportFormats,
  exportRecipe,
  createRecipeZipToken,
  exportRecipeZip,
] as const
