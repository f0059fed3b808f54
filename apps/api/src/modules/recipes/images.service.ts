import { randomBytes } from 'node:crypto'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { recipeEvent } from './events.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, HttpError, notFound } from '../../http/errors.js'
import { ImageQueueFull, maximumInputPixels, UnreadableImage } from '../../lib/images.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import {
  OutboundError,
  OutboundHttpError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
  type OutboundFetch,
} from '../../lib/outbound-fetch.js'
import {
  maximumRecipeImageBytes,
  removeRecipeImage,
  removeRecipeMedia,
  storeRecipeImage,
  storeRecipeImageFromUrl,
} from '../../lib/recipe-images.js'
import type { Access } from '../access/index.js'
import { recipeRepo, type RecipeRow } from './repo.js'

const noEntry = () => notFound('No Entry Found')
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))

/** Mealie's cache key: four URL-safe characters, new with every picture, which clients add as `?version=`. */
export const newImageKey = () => randomBytes(3).toString('base64url').slice(0, 4)

/** The queue is full: come back shortly. Shared by every route that feeds the image queue. */
export const imageQueueBusy = () =>
  new HttpError(503, 'Larder is busy with other pictures. Try again in a few seconds.', { 'retry-after': '5' })

/** An uploaded file the image pipeline refused, in the terms of an upload. */
function uploadFailure(error: unknown): unknown {
  if (error instanceof ImageQueueFull) return imageQueueBusy()
  if (error instanceof UnreadableImage) {
    return error.tooLarge
      ? new HttpError(413, `This picture is too large: at most ${maximumInputPixels / 1_000_000} megapixels`)
      : new HttpError(415, 'This file is not a picture Larder can read (JPEG, PNG, WebP, GIF, HEIC or AVIF)')
  }
  return error
}

/**
 * A download the guard or the pipeline refused, each as a clear 4xx. Mealie's two messages are kept word for word
 * (docs/mealie-compatibility.md "Recipe images and assets"); the others say what went wrong with the address.
 */
function downloadFailure(error: unknown): unknown {
  if (error instanceof ImageQueueFull) return imageQueueBusy()
  if (error instanceof UnreadableImage) {
    return error.tooLarge
      ? badRequest(`The picture at this URL is too large: at most ${maximumInputPixels / 1_000_000} megapixels`)
      : badRequest('Url is not an image')
  }
  if (error instanceof OutboundRefused) {
    return badRequest(
      error.reason === 'too-many-redirects' ? 'Url redirects too many times' : 'Url is not from an allowed domain',
    )
  }
  if (error instanceof OutboundTimeout) return new HttpError(408, 'Url did not answer in time')
  if (error instanceof OutboundTooLarge) {
    return badRequest(`The file at this URL is larger than ${megabytes(maximumRecipeImageBytes)} MB`)
  }
  if (error instanceof OutboundHttpError) return badRequest(`Url answered with status ${error.status}`)
  if (error instanceof OutboundError) return badRequest('Url could not be reached')
  return error
}

/**
 * Runs the tasks given for one recipe one after another, in this process: two uploads to one recipe cannot
 * interleave their three files, and the key saved is the key of the picture on disk.
 */
function createRecipeSerializer() {
  const tails = new Map<string, Promise<unknown>>()
  return async function serialized<Result>(recipeId: string, task: () => Promise<Result>): Promise<Result> {
    const previous = tails.get(recipeId) ?? Promise.resolve()
    const run = previous.then(task, task)
    const tail = run.catch(() => undefined)
    tails.set(recipeId, tail)
    try {
      return await run
    } finally {
      if (tails.get(recipeId) === tail) tails.delete(recipeId)
    }
  }
}

/**
 * A recipe's picture (docs/mealie-compatibility.md "Recipe images and assets"): upload, from a URL, delete. Members of the recipe's own household only; a
 * picture from a URL also follows the edit rules (owner, lock). Files are written first, then the new cache key is
 * saved with `dateUpdated` under the row lock; a recipe deleted meanwhile takes its new files with it.
 */
export function createRecipeImageService(deps: {
  db: Database
  access: Access
  dataDirectory: string
  fetch: OutboundFetch
}) {
  const { db, access, dataDirectory, fetch } = deps
  const serialized = createRecipeSerializer()

  async function householdRecipe(caller: Caller, key: string, rule: 'use' | 'edit'): Promise<RecipeRow> {
    const row = await recipeRepo.findByKey(db, caller, key)
    if (!row) throw noEntry()
    if (rule === 'edit') await access.requireHouseholdRecipeEdit(db, caller, [row.id])
    else await access.requireHouseholdRecipe(db, caller, [row.id])
    return row
  }

  /** Saves the new key (or none) under the row lock, checking the rule again in case the recipe changed meanwhile. */
  async function saveKey(caller: Caller, row: RecipeRow, image: string | null, rule: 'use' | 'edit') {
    const saved = await inTransaction(db, async (tx: Executor) => {
      const current = await recipeRepo.findByKey(tx, caller, row.id, { forUpdate: true })
      if (!current) return false
      if (rule === 'edit') await access.requireHouseholdRecipeEdit(tx, caller, [row.id])
      else await access.requireHouseholdRecipe(tx, caller, [row.id])
      await recipeRepo.update(tx, caller, row.id, { image, dateUpdated: new Date() })
      await publish(tx, caller, recipeEvent('recipe.updated', current))
      return true
    })
    if (!saved) {
      await removeRecipeMedia(dataDirectory, row.id)
      throw noEntry()
    }
  }

  return {
    maximumImageBytes: maximumRecipeImageBytes,

    /** PUT …/image: the bytes decide what the file is, whatever its name or declared type says. */
    async upload(caller: Caller, key: string, image: Buffer): Promise<{ image: string }> {
      const row = await householdRecipe(caller, key, 'use')
      return serialized(row.id, async () => {
        await storeRecipeImage(image, recipeImagesDirectory(dataDirectory, row.id)).catch((error: unknown) => {
          throw uploadFailure(error)
        })
        const imageKey = newImageKey()
        await saveKey(caller, row, imageKey, 'use')
        return { image: imageKey }
      })
    },

    /** POST …/image: downloaded through the outbound guard, then stored as an upload is. */
    async fromUrl(caller: Caller, key: string, url: string): Promise<{ image: string }> {
      const row = await householdRecipe(caller, key, 'edit')
      return serialized(row.id, async () => {
        await storeRecipeImageFromUrl(url, recipeImagesDirectory(dataDirectory, row.id), fetch).catch(
          (error: unknown) => {
            throw downloadFailure(error)
          },
        )
        const imageKey = newImageKey()
        await saveKey(caller, row, imageKey, 'edit')
        return { image: imageKey }
      })
    },

    /** DELETE …/image: the three files go, `image` becomes null. Timeline pictures and assets stay. */
    async remove(caller: Caller, key: string): Promise<void> {
      const row = await householdRecipe(caller, key, 'use')
      await serialized(row.id, async () => {
        await removeRecipeImage(recipeImagesDirectory(dataDirectory, row.id))
        await saveKey(caller, row, null, 'use')
      })
    },
  }
}

export type RecipeImageService = ReturnType<typeof createRecipeImageService>
