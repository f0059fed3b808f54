import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { RecipeAsset } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { publish } from '../../events/outbox.js'
import { recipeEvent } from './events.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, notFound } from '../../http/errors.js'
import { assetFileName, recipeAssetsDirectory } from '../../lib/media-paths.js'
import type { Scope } from '../../http/scope.js'
import type { Access } from '../access/index.js'
import { recipeRepo } from './repo.js'

/**
 * The file types a recipe may carry (docs/mealie-compatibility.md "Recipe images and assets", Mealie 3's list): documents, pictures and plain text. Nothing
 * a browser would run (HTML, SVG, JavaScript) can be attached, and the media route sends what is there as inert types.
 */
export const assetExtensions = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'avif',
  'txt',
  'md',
  'csv',
  'json',
] as const

/** A scanned cookbook page or a PDF of a recipe card: 25 MB holds a long PDF with pictures. */
export const maximumAssetBytes = 25 * 1024 * 1024

export interface AssetUpload {
  name: string
  icon: string
  extension: string
  file: Buffer
}

/** The extension as Mealie reads it: the text after the last dot, lower case. */
const extensionOf = (extension: string) => (extension.split('.').pop() ?? '').trim().toLowerCase()

/** Temporary names start with a dot (assetFileName never makes one): uploads in flight are not pruned. */
const isTemporary = (fileName: string) => fileName.startsWith('.')

/**
 * Deletes the files of a recipe's asset folder that `keep` (its `assets[].fileName`) does not name: removing an asset
 * is saving the recipe without it (docs/mealie-compatibility.md "Recipe images and assets"). Files being written (temporary names) are left alone.
 */
export async function removeUnlistedAssetFiles(
  dataDirectory: string,
  recipeId: string,
  keep: readonly string[],
): Promise<void> {
  const directory = recipeAssetsDirectory(dataDirectory, recipeId)
  const entries = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const named = new Set(keep)
  await Promise.all(
    entries
      .filter((entry) => !named.has(entry) && !isTemporary(entry))
      .map((entry) => fs.rm(path.join(directory, entry), { force: true, recursive: true })),
  )
}

/**
 * After recipes were updated (PUT, PATCH, bulk): drops the asset files their `assets` no longer name. Each recipe's
 * row is locked while its folder is read, so an asset upload (which holds the same lock from before its file is
 * written until its row names it) is never pruned half way. Call after the update committed.
 */
export async function pruneRecipeAssets(
  db: Database,
  dataDirectory: string,
  scope: Scope,
  recipeIds: readonly string[],
): Promise<void> {
  if (recipeIds.length === 0) return
  // eslint-disable-next-line no-restricted-syntax -- removes files under the rows' lock: not to be run twice by a retry
  await db.transaction(async (tx) => {
    const rows = await recipeRepo.findByIds(tx, scope, recipeIds, { forUpdate: true })
    for (const row of rows) {
      await removeUnlistedAssetFiles(
        dataDirectory,
        row.id,
        row.assets.map((asset) => asset.fileName),
      )
    }
  })
}

/**
 * Recipe assets (docs/mealie-compatibility.md "Recipe images and assets"): `POST /api/recipes/{slug}/assets` for members of the recipe's own household. The
 * file is stored under the name assetFileName makes (never the client's), written under a temporary name and renamed,
 * all while the recipe's row is locked; the asset is appended to `assets` (replacing one of the same file name).
 */
export function createRecipeAssetService(deps: { db: Database; access: Access; dataDirectory: string }) {
  const { db, access, dataDirectory } = deps

  return {
    maximumAssetBytes,

    async upload(caller: Caller, key: string, upload: AssetUpload): Promise<RecipeAsset> {
      const extension = extensionOf(upload.extension)
      if (!(assetExtensions as readonly string[]).includes(extension)) throw badRequest('Unsupported file extension')
      const fileName = assetFileName(upload.name, extension)
      if (!fileName) throw badRequest('Missing required fields')
      const asset: RecipeAsset = { name: upload.name.trim(), icon: upload.icon.trim() || 'mdi-file', fileName }

      // eslint-disable-next-line no-restricted-syntax -- writes the file under the row's lock: a retry would write it again
      return db.transaction(async (tx) => {
        const row = await recipeRepo.findByKey(tx, caller, key, { forUpdate: true })
        if (!row) throw notFound('No Entry Found')
        await access.requireHouseholdRecipe(tx, caller, [row.id])
        const directory = recipeAssetsDirectory(dataDirectory, row.id)
        await fs.mkdir(directory, { recursive: true })
        const temporary = path.join(directory, `.${randomBytes(6).toString('hex')}.tmp`)
        try {
          await fs.writeFile(temporary, upload.file)
          await fs.rename(temporary, path.join(directory, fileName))
        } finally {
          await fs.rm(temporary, { force: true })
        }
        const assets = [...row.assets.filter((existing) => existing.fileName !== fileName), asset]
        await recipeRepo.update(tx, caller, row.id, { assets, dateUpdated: new Date() })
        await publish(tx, caller, recipeEvent('recipe.updated', row))
        return asset
      })
    },
  }
}

export type RecipeAssetService = ReturnType<typeof createRecipeAssetService>
