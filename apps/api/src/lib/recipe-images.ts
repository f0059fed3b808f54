import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { imageQueue, maximumInputPixels, UnreadableImage, type ImageQueue } from './images.js'
import { recipeMediaDirectory, recipesMediaDirectory } from './media-paths.js'
import type { OutboundFetch } from './outbound-fetch.js'

/**
 * A recipe's picture in the three sizes Mealie's clients ask for (docs/mealie-compatibility.md "Media"): the page shows
 * `original.webp`, cards `min-original.webp`, lists and the shopping list `tiny-original.webp`.
 */
export const recipeImageFileNames = ['original.webp', 'min-original.webp', 'tiny-original.webp'] as const

export type RecipeImageFileName = (typeof recipeImageFileNames)[number]

/** True for the three names the media route may serve; anything else is answered without touching the disk. */
export function isRecipeImageFileName(fileName: string): fileName is RecipeImageFileName {
  return (recipeImageFileNames as readonly string[]).includes(fileName)
}

/**
 * The formats read, by what the bytes are (sharp's own detection), never by the file name or the declared type:
 * Mealie's list (jpg, png, webp, heic, avif) and GIF, of which the first frame is kept. SVG, TIFF and raw camera
 * files are refused: they are not photographs of food, and SVG would run a second, larger parser on user input.
 */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])

/** The long side of `original.webp`: sharp enough for a 4K screen, about 300 KB instead of a camera's 5 MB. */
const originalLongSide = 2048
const minSide = 1024
const tinySide = 300

/**
 * The largest picture file accepted, uploaded or downloaded: a 24 MP camera JPEG is 10–15 MB; beyond this the pixel
 * limit would refuse it anyway, after the cost of receiving it.
 */
export const maximumRecipeImageBytes = 25 * 1024 * 1024

export interface StoredRecipeImage {
  /** What the bytes were: jpeg, png, webp, gif or heif (AVIF and HEIC both read as heif). */
  format: string
  /** Of `original.webp`, after EXIF rotation. */
  width: number
  height: number
}

function pixelLimitFailure(error: unknown): UnreadableImage {
  if (error instanceof UnreadableImage) return error
  return new UnreadableImage(error instanceof Error && /pixel limit/i.test(error.message))
}

/** Writes each file under a temporary name first and renames it into place, so a reader never sees half a picture. */
async function writeAtomically(directory: string, files: Array<[string, Buffer]>): Promise<void> {
  await fs.mkdir(directory, { recursive: true })
  const staged: Array<[string, string]> = []
  try {
    for (const [fileName, content] of files) {
      const temporary = path.join(directory, `.${randomBytes(6).toString('hex')}.tmp`)
      staged.push([temporary, path.join(directory, fileName)])
      await fs.writeFile(temporary, content)
    }
    // All three are written before any is renamed, so a failed write leaves the previous picture whole.
    for (const [temporary, final] of staged) await fs.rename(temporary, final)
  } catch (error) {
    await Promise.all(staged.map(([temporary]) => fs.rm(temporary, { force: true })))
    throw error
  }
}

/**
 * Turns uploaded or downloaded bytes into the three WebP files in `directory` (a recipe's, or a timeline event's,
 * images folder from media-paths.ts), replacing any that were there. EXIF orientation is applied and every metadata
 * block (EXIF with its GPS position, XMP, ICC) is dropped. Runs in the one image queue: throws ImageQueueFull when it
 * is full, UnreadableImage for bytes that are not an accepted picture or have more than `maximumInputPixels`.
 */
export async function storeRecipeImage(
  input: Buffer,
  directory: string,
  queue: ImageQueue = imageQueue,
): Promise<StoredRecipeImage> {
  const encoded = await queue.run(async () => {
    // sharp and libvips load with the first image, not at start-up (bench/cold-start).
    const { default: sharp } = await import('sharp')
    try {
      const source = sharp(input, { limitInputPixels: maximumInputPixels, pages: 1 })
      const { format = '' } = await source.metadata()
      if (!acceptedFormats.has(format)) throw new UnreadableImage(false)
      // One decode, already upright and at most 2048 px; the two smaller files are made from these pixels.
      const upright = await source
        .rotate()
        .resize(originalLongSide, originalLongSide, { fit: 'inside', withoutEnlargement: true })
        // 8-bit sRGB whatever came in (16-bit PNG, CMYK JPEG), which is what the raw reads below assume.
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true })
      const { width, height, channels } = upright.info
      const pixels = () => sharp(upright.data, { raw: { width, height, channels } })
      const [original, min, tiny] = await Promise.all([
        pixels().webp({ quality: 80 }).toBuffer(),
        pixels().resize(minSide, minSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
        pixels().resize(tinySide, tinySide, { fit: 'cover', position: 'centre' }).webp({ quality: 70 }).toBuffer(),
      ])
      return { format, width, height, original, min, tiny }
    } catch (error) {
      throw pixelLimitFailure(error)
    }
  })
  await writeAtomically(directory, [
    ['original.webp', encoded.original],
    ['min-original.webp', encoded.min],
    ['tiny-original.webp', encoded.tiny],
  ])
  return { format: encoded.format, width: encoded.width, height: encoded.height }
}

/**
 * The bytes at a picture's address, downloaded through the outbound guard (the caller's, carrying the instance's allow
 * list), at most the size of an upload. Whether they are a picture is for storeRecipeImage to judge: the server's
 * Content-Type is not trusted, so an image served as application/octet-stream is kept and a page served as image/jpeg
 * is not. Throws the guard's Outbound* errors.
 */
export async function fetchRecipeImage(url: string, fetch: OutboundFetch): Promise<Buffer> {
  const answer = await fetch(url, {
    maxBytes: maximumRecipeImageBytes,
    headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5' },
  })
  return answer.body
}

/**
 * Downloads a picture (fetchRecipeImage) and stores it as storeRecipeImage does: for "image from URL" and for
 * imports. Throws the guard's Outbound* errors, then ImageQueueFull or UnreadableImage.
 */
export async function storeRecipeImageFromUrl(
  url: string,
  directory: string,
  fetch: OutboundFetch,
  queue: ImageQueue = imageQueue,
): Promise<StoredRecipeImage> {
  return storeRecipeImage(await fetchRecipeImage(url, fetch), directory, queue)
}

/**
 * Removes the three pictures from `directory` (clearing a recipe's image), leaving timeline pictures and anything
 * else beside them. Missing files are not an error: the result is the same.
 */
export async function removeRecipeImage(directory: string): Promise<void> {
  await Promise.all(recipeImageFileNames.map((fileName) => fs.rm(path.join(directory, fileName), { force: true })))
}

/**
 * Copies a recipe's whole media folder (images, timeline images, assets) to a new recipe's, for duplicate. The copy is
 * assembled beside the target and renamed into place, so the new recipe never shows half its files; a source without
 * media copies nothing. Symbolic links are not followed: Larder never makes one, and one placed there by hand must not
 * pull an outside file into a recipe.
 */
export async function copyRecipeMedia(dataDirectory: string, fromRecipeId: string, toRecipeId: string): Promise<void> {
  const source = recipeMediaDirectory(dataDirectory, fromRecipeId)
  const target = recipeMediaDirectory(dataDirectory, toRecipeId)
  const exists = await fs.stat(source).then(
    (stats) => stats.isDirectory(),
    () => false,
  )
  if (!exists) return
  const staging = path.join(recipesMediaDirectory(dataDirectory), `.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await fs.cp(source, staging, {
      recursive: true,
      dereference: false,
      filter: async (from) => !(await fs.lstat(from)).isSymbolicLink(),
    })
    await fs.rm(target, { recursive: true, force: true })
    await fs.rename(staging, target)
  } finally {
    await fs.rm(staging, { recursive: true, force: true })
  }
}

/** Removes a recipe's whole media folder, when the recipe is deleted. A recipe without media is not an error. */
export async function removeRecipeMedia(dataDirectory: string, recipeId: string): Promise<void> {
  await fs.rm(recipeMediaDirectory(dataDirectory, recipeId), { recursive: true, force: true })
}

/**
 * The picture as an upright JPEG of at most `longSide` pixels, without metadata: what is sent to a service that reads
 * pictures (import from photos). JPEG because every provider reads it, which is not so of HEIC or AVIF. Accepts what
 * storeRecipeImage accepts, judged by the bytes, and throws the same errors.
 */
export async function recipeImageAsJpeg(
  input: Buffer,
  longSide: number,
  queue: ImageQueue = imageQueue,
): Promise<Buffer> {
  return queue.run(async () => {
    const { default: sharp } = await import('sharp')
    try {
      const source = sharp(input, { limitInputPixels: maximumInputPixels, pages: 1 })
      const { format = '' } = await source.metadata()
      if (!acceptedFormats.has(format)) throw new UnreadableImage(false)
      return await source
        .rotate()
        .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer()
    } catch (error) {
      throw pixelLimitFailure(error)
    }
  })
}
