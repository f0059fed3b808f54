import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import type { Recipe, RecipeExportFormats } from '@larder/contracts'
import yazl from 'yazl'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, notFound, unauthorized } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import type { Access } from '../access/index.js'
import { createExportTemplates } from './export-templates.js'
import { findSharedRecipe } from './exports.repo.js'
import { loadRecipes } from './recipe-loader.repo.js'
import { recipeRepo } from './repo.js'

const noEntry = () => notFound('No Entry Found')

/** The recipe as its JSON file: camelCase, as GET answers it, indented by four spaces as Mealie writes it. */
export const recipeJson = (recipe: Recipe) => `${JSON.stringify(recipe, null, 4)}\n`

/** A scope to read a shared recipe in: its group and household, nobody's user (no personal rating or on-hand). */
const sharedScope = (shared: { groupId: string; householdId: string }): Scope => ({
  groupId: shared.groupId,
  householdId: shared.householdId,
  userId: '00000000-0000-0000-0000-000000000000',
})

export interface RecipeExportFile {
  fileName: string
  contentType: string
  body: string | Readable
}

const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)

/**
 * Recipe exports (docs/mealie-compatibility.md "Recipe exports", and docs/mealie-compatibility.md "After Mealie 2.0" for the share token). Every export is for members of the recipe's
 * household, as Mealie scopes them. The zip opens three ways: signed in as such a member; with Mealie 2's 30-minute
 * zip token of the recipe (which names its group and household, so a same slug elsewhere is never read); or with a
 * share token of it, signed out (Mealie 3's shared page). A token of another recipe is a 400 `Invalid Slug`; a zip
 * token that does not verify a 401; an unknown or expired share token a 404, as the shared page answers it.
 */
export function createRecipeExportService(deps: {
  db: Database
  access: Access
  dataDirectory: string
  fileTokens: FileTokens
}) {
  const { db, access, dataDirectory, fileTokens } = deps
  const templates = createExportTemplates(dataDirectory)

  async function memberRecipe(caller: Caller, key: string): Promise<Recipe> {
    const row = await recipeRepo.findByKey(db, caller, key)
    if (!row) throw noEntry()
    await access.requireHouseholdRecipe(db, caller, [row.id])
    const [recipe] = await loadRecipes(db, caller, [row.id])
    if (!recipe) throw noEntry()
    return recipe
  }

  async function zipTokenRecipe(token: string, key: string): Promise<Recipe> {
    const claims = fileTokens.readRecipeExport(token)
    if (!claims) throw unauthorized('could not validate file token')
    if (claims.slug !== key && claims.recipeId !== key.toLowerCase()) throw badRequest('Invalid Slug')
    const [recipe] = await loadRecipes(db, sharedScope(claims), [claims.recipeId])
    if (!recipe || recipe.householdId !== claims.householdId) throw noEntry()
    return recipe
  }

  async function sharedRecipe(token: string, key: string): Promise<Recipe> {
    const shared = await findSharedRecipe(db, token, new Date())
    if (!shared) throw notFound('Token not found')
    if (shared.slug !== key && shared.recipeId !== key.toLowerCase()) throw badRequest('Invalid Slug')
    const [recipe] = await loadRecipes(db, sharedScope(shared), [shared.recipeId])
    if (!recipe) throw noEntry()
    return recipe
  }

  /** `<slug>.zip`, streamed: `<slug>.json`, then `original.webp` read from disk when the recipe has a picture. */
  async function zipOf(recipe: Recipe): Promise<Readable> {
    const zip = new yazl.ZipFile()
    zip.addBuffer(Buffer.from(recipeJson(recipe)), `${recipe.slug}.json`)
    const image = path.join(recipeImagesDirectory(dataDirectory, recipe.id), 'original.webp')
    const stats = await fs.stat(image).catch(() => null)
    if (recipe.image && stats?.isFile()) {
      // Already compressed: stored, not deflated again.
      zip.addReadStream(createReadStream(image), 'original.webp', { compress: false, mtime: stats.mtime })
    }
    zip.end()
    // yazl's output is an old-style stream; piping it through a PassThrough gives a modern one to send.
    return zip.outputStream.pipe(new PassThrough())
  }

  const zipFile = async (recipe: Recipe): Promise<RecipeExportFile> => ({
    fileName: `${recipe.slug}.zip`,
    contentType: 'application/zip',
    body: await zipOf(recipe),
  })

  return {
    /** GET /api/recipes/exports: the formats, with every template the server has. */
    async formats(): Promise<RecipeExportFormats> {
      return { json: ['raw'], zip: ['zip'], jinja2: await templates.names() }
    },

    /** The recipe as `raw` JSON, as its `zip`, or through the template of that name (404 for an unknown one). */
    async export(caller: Caller, key: string, templateName: string): Promise<RecipeExportFile> {
      const recipe = await memberRecipe(caller, key)
      if (templateName === 'zip') return zipFile(recipe)
      if (templateName === 'raw') {
        return {
          fileName: `${recipe.slug}.json`,
          contentType: 'application/json; charset=utf-8',
          body: recipeJson(recipe),
        }
      }
      return templates.render(recipe, templateName)
    },

    /** POST /api/recipes/{slug}/exports: a 30-minute token for the zip of a recipe the caller may export. */
    async zipToken(caller: Caller, key: string): Promise<{ token: string }> {
      const recipe = await memberRecipe(caller, key)
      const claims = {
        slug: recipe.slug,
        recipeId: recipe.id,
        groupId: recipe.groupId,
        householdId: recipe.householdId,
      }
      return { token: fileTokens.issueRecipeExport(claims) }
    },

    async zip(caller: Caller | null, key: string, token: string | undefined): Promise<RecipeExportFile> {
      if (token) return zipFile(isUuid(token) ? await sharedRecipe(token, key) : await zipTokenRecipe(token, key))
      if (caller) return zipFile(await memberRecipe(caller, key))
      throw unauthorized('Sign in, or give a zip or share token of this recipe (?token=)')
    },
  }
}

export type RecipeExportService = ReturnType<typeof createRecipeExportService>
