import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { ImageQueueFull, UnreadableImage } from '../../lib/images.js'
import { recipeImagesDirectory, recipeMediaDirectory, recipesMediaDirectory } from '../../lib/media-paths.js'
import { storeRecipeImage } from '../../lib/recipe-images.js'

/**
 * Pictures of recipes being imported, made before the import's transaction and moved into the recipes' folders only
 * after it committed: a transaction that rolls back leaves no file behind (`discard` removes the staging folder
 * whatever happened), and a committed recipe never points at a picture that failed to convert.
 */
export async function createPictureStaging(dataDirectory: string) {
  const root = path.join(recipesMediaDirectory(dataDirectory), `.import-${randomBytes(6).toString('hex')}`)
  await fs.mkdir(root, { recursive: true })
  return {
    /** The three WebPs for the item at `index`; null (with why) when the bytes are not a picture Larder reads. */
    async stage(index: number, bytes: Buffer): Promise<{ staged: true } | { staged: false; reason: string }> {
      try {
        await storeRecipeImage(bytes, path.join(root, String(index)))
        return { staged: true }
      } catch (error) {
        if (error instanceof UnreadableImage) {
          return {
            staged: false,
            reason: error.tooLarge ? 'its picture has too many pixels' : 'its picture is not readable',
          }
        }
        if (error instanceof ImageQueueFull)
          return { staged: false, reason: 'Larder was too busy to convert its picture' }
        throw error
      }
    },

    /** After the commit: the staged picture of `index` becomes the images folder of the new recipe. */
    async publish(index: number, recipeId: string): Promise<void> {
      await fs.mkdir(recipeMediaDirectory(dataDirectory, recipeId), { recursive: true })
      await fs.rename(path.join(root, String(index)), recipeImagesDirectory(dataDirectory, recipeId))
    },

    discard: () => fs.rm(root, { recursive: true, force: true }),
  }
}

export type PictureStaging = Awaited<ReturnType<typeof createPictureStaging>>
