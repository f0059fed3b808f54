import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import type { Recipe } from '@larder/contracts'
import yazl from 'yazl'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, notFound, unauthorized } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import type { Access } from '../access/index.js'
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

/**
 * Recipe exports (reference §2.7.5 with §12.5's changes). The JSON file is for members of the recipe's household, as
 * Mealie scopes exports. The zip is Mealie 3's: a share token of the recipe opens it without signing in (so a shared
 * page can offer it), and a signed-in member of the recipe's household needs none. A token of another recipe is a
 * 400 `Invalid Slug`; an unknown or expired token a 404, as the shared page answers it.
 */
export function createRecipeExportService(deps: { db: Database; access: Access; dataDirectory: string }) {
  const { db, access, dataDirectory } = deps

  async function memberRecipe(caller: Caller, key: string): Promise<Recipe> {
    const row = await recipeRepo.findByKey(db, caller, key)
    if (!row) throw noEntry()
    await access.requireHouseholdRecipe(db, caller, [row.id])
    const [recipe] = await loadRecipes(db, caller, [row.id])
    if (!recipe) throw noEntry()
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

  return {
    async json(caller: Caller, key: string): Promise<RecipeExportFile> {
      const recipe = await memberRecipe(caller, key)
      return {
        fileName: `${recipe.slug}.json`,
        contentType: 'application/json; charset=utf-8',
        body: recipeJson(recipe),
      }
    },

    async zip(caller: Caller | null, key: string, token: string | undefined): Promise<RecipeExportFile> {
      let recipe: Recipe
      if (token) recipe = await sharedRecipe(token, key)
      else if (caller) recipe = await memberRecipe(caller, key)
      else throw unauthorized('Sign in, or give a share token of this recipe (?token=)')
      return { fileName: `${recipe.slug}.zip`, contentType: 'application/zip', body: await zipOf(recipe) }
    },
  }
}

export type RecipeExportService = ReturnType<typeof createRecipeExportService>
