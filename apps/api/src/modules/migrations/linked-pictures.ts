import type { Database, Executor } from '../../db/client.js'
import { z } from 'zod'
import { callerRightsSchema, type Caller } from '../../http/authentication.js'
import { HttpError } from '../../http/errors.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import {
  OutboundError,
  OutboundHttpError,
  OutboundTimeout,
  OutboundUnreachable,
  type OutboundFetch,
} from '../../lib/outbound-fetch.js'
import { fetchRecipeImage } from '../../lib/recipe-images.js'
import type { RecipesModule } from '../recipes/index.js'
import type { ReportService } from '../reports/index.js'
import { importedMessage } from './migrated-recipe.js'

/**
 * One migrated recipe whose export only linked to its picture: who imported it (their rights then), where it reports.
 * Tried over about half a minute (the queue waits 2, 4, 8 and 16 s between runs): a site that blinked, or was busy.
 */
const linkedPictureJob = defineJob({
  kind: 'migration-linked-picture',
  payload: z.object({
    recipeId: z.uuid(),
    recipeName: z.string(),
    url: z.string(),
    reportId: z.uuid(),
    position: z.number().int(),
    caller: callerRightsSchema,
  }),
  maxAttempts: 5,
})
export type LinkedPicture = z.output<typeof linkedPictureJob.payload>

/**
 * Whether another try may succeed: the site did not answer in time, could not be reached, or said "not now" (408,
 * 425, 429, 5xx); Larder's image queue was full; or something of Larder's own failed (the database, the disk). An
 * address that answers 404, is refused by the guard, or serves no picture will not change.
 */
function mayPassLater(error: unknown): boolean {
  if (error instanceof OutboundHttpError) return [408, 425, 429].includes(error.status) || error.status >= 500
  if (error instanceof OutboundTimeout || error instanceof OutboundUnreachable) return true
  if (error instanceof OutboundError) return false
  if (error instanceof HttpError) return error.statusCode === 503
  return true
}

/** Why the recipe stays without its picture, in the words of the report's other "without a picture" entries. */
function reasonOf(error: unknown): string {
  if (error instanceof OutboundError) return `its picture could not be downloaded (${error.message})`
  if (error instanceof HttpError && error.statusCode === 413) return 'its picture has too many pixels'
  if (error instanceof HttpError && error.statusCode === 415) return 'its picture is not readable'
  return 'its picture could not be stored'
}

/**
 * Pictures that exports only link to (Plan to Eat, My Recipe Box, Paprika, schema.org files): one durable job per
 * recipe, enqueued in the migration's transaction, downloads the picture through the outbound guard after the commit
 * and stores it through the recipe image pipeline, as an upload of the importer's. A failure that may pass is tried
 * again; one that will not leaves the recipe without a picture, and its report entry says why.
 */
export function createLinkedPictureDownloads(deps: {
  jobs: JobRunner
  fetch: OutboundFetch
  recipes: Pick<RecipesModule, 'images'>
  reports: ReportService
  db: Database
  log: (message: string, error?: unknown) => void
}) {
  const { jobs, fetch, recipes, reports, db, log } = deps

  jobs.handle(linkedPictureJob, async (picture, { lastAttempt }) => {
    const caller: Caller = { ...picture.caller, carrier: 'bearer', session: null }
    try {
      await recipes.images.upload(caller, picture.recipeId, await fetchRecipeImage(picture.url, fetch))
    } catch (error) {
      // The recipe was deleted meanwhile: there is nothing left to picture.
      if (error instanceof HttpError && error.statusCode === 404) return
      if (mayPassLater(error) && !lastAttempt) throw error
      if (!(error instanceof OutboundError || error instanceof HttpError)) {
        log(`The linked picture of recipe ${picture.recipeId} could not be stored`, error)
      }
      await reports.rewordEntry(
        db,
        picture.reportId,
        picture.position,
        importedMessage(picture.recipeName, reasonOf(error)),
      )
    }
  })

  return {
    /** In the migration's transaction: the job runs only if the recipe it pictures was committed. */
    enqueue: (ex: Executor, picture: LinkedPicture) => jobs.enqueue(ex, linkedPictureJob, picture),
  }
}

export type LinkedPictureDownloads = ReturnType<typeof createLinkedPictureDownloads>
