import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import type { Recipe } from '@larder/contracts'
import yazl from 'yazl'
import type { Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import { recipeJson } from './exports.service.js'
import { loadRecipes } from './recipe-loader.repo.js'

export interface ZippedRecipe {
  id: string
  slug: string
  /** The picture's cache key; null when the recipe has none. */
  image: string | null
}

/** Recipes read from the database at a time while the zip is written: memory stays flat for any number of them. */
const chunkSize = 50

/**
 * A bulk export's zip (docs/mealie-compatibility.md "Recipe bulk actions"): `recipes/<slug>/<slug>.json` and, when it has a picture,
 * `recipes/<slug>/original.webp`. Entries are produced lazily, in order: a chunk of recipes is loaded when the zip
 * reaches its first entry and dropped when it moves on, and each picture is opened only when its turn comes, so
 * exporting ten thousand recipes neither holds them all in memory nor opens ten thousand files. A recipe deleted
 * while the zip is written fails the stream (the job building it tries again without it).
 */
export async function recipesZip(
  ex: Executor,
  scope: Scope,
  recipes: readonly ZippedRecipe[],
  dataDirectory: string,
): Promise<Readable> {
  const chunks = new Map<number, Promise<Map<string, Recipe>>>()
  function loadedRecipe(index: number): Promise<Recipe> {
    const chunk = Math.floor(index / chunkSize)
    chunks.delete(chunk - 1)
    let loaded = chunks.get(chunk)
    if (!loaded) {
      const ids = recipes.slice(chunk * chunkSize, (chunk + 1) * chunkSize).map((recipe) => recipe.id)
      loaded = loadRecipes(ex, scope, ids).then((rows) => new Map(rows.map((recipe) => [recipe.id, recipe])))
      chunks.set(chunk, loaded)
    }
    return loaded.then((byId) => {
      const recipe = byId.get(recipes[index]!.id)
      if (!recipe) throw new Error(`recipe ${recipes[index]!.id} was deleted while it was being exported`)
      return recipe
    })
  }

  const zip = new yazl.ZipFile()
  const output = new PassThrough()
  // A failed entry (a recipe gone, a picture unreadable) ends the output with the error rather than the process.
  zip.on('error', (error: Error) => output.destroy(error))
  for (const [index, recipe] of recipes.entries()) {
    const folder = `recipes/${recipe.slug}`
    zip.addReadStreamLazy(`${folder}/${recipe.slug}.json`, {}, (done) => {
      loadedRecipe(index).then(
        (loaded) => done(null, Readable.from([Buffer.from(recipeJson(loaded))])),
        (error: Error) => done(error, undefined as never),
      )
    })
    const image = path.join(recipeImagesDirectory(dataDirectory, recipe.id), 'original.webp')
    const stats = recipe.image ? await fs.stat(image).catch(() => null) : null
    if (stats?.isFile()) {
      // Already compressed: stored, not deflated again.
      zip.addReadStreamLazy(`${folder}/original.webp`, { compress: false, mtime: stats.mtime }, (done) => {
        const picture = createReadStream(image)
        picture.on('error', (error) => zip.emit('error', error))
        done(null, picture)
      })
    }
  }
  zip.end()
  // yazl's output is an old-style stream; piping it through a PassThrough gives a modern one.
  return zip.outputStream.pipe(output)
}
