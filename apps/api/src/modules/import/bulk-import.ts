import type { CreateRecipeByUrlBulk } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { z } from 'zod'
import { callerRightsSchema, type Caller } from '../../http/authentication.js'
import { HttpError } from '../../http/errors.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { ReportsModule } from '../reports/index.js'
import { bulkFailureReason } from './import-errors.js'
import type { ImportService } from './service.js'

const organizer = z.object({ id: z.string().nullish(), name: z.string(), slug: z.string().nullish() })

/**
 * One URL of a bulk import: who asked (their rights when they asked), where it reports. A site that fails once (a
 * blip, a rate limit) is tried again; one that fails three times is reported failed.
 */
const urlImportJob = defineJob({
  kind: 'recipe-import-url',
  payload: z.object({
    reportId: z.uuid(),
    position: z.number().int(),
    url: z.string(),
    tags: z.array(organizer).nullable(),
    categories: z.array(organizer).nullable(),
    caller: callerRightsSchema,
  }),
  maxAttempts: 3,
})
type UrlImportJob = z.output<typeof urlImportJob.payload>

/** Whether a failure is worth another attempt: a site that timed out or could not be reached may answer later. */
const mayPass = (error: unknown) => error instanceof HttpError && (error.statusCode === 408 || error.statusCode >= 500)

/**
 * POST /api/recipes/create/url/bulk (docs/mealie-compatibility.md "Bulk URL import"): a `bulk_import` report and one durable job per URL in one
 * transaction, answered 202 at once. The job runner takes three at a time (JOB_CONCURRENCY); each job runs the
 * single-URL import with the line's own tags and categories (the page's keywords are not applied), retries what may
 * pass, and adds its report entry in the transaction that finishes the report once every URL has one.
 */
export function createBulkImport(deps: {
  db: Database
  jobs: JobRunner
  reports: ReportsModule
  imports: ImportService
  pageTimeoutMs: number
  log: (message: string, error?: unknown) => void
}) {
  const { db, jobs, reports, imports } = deps

  async function report(
    job: UrlImportJob,
    entry: { success: boolean; message: string; exception?: string; recipeSlug?: string },
  ) {
    await inTransaction(db, async (tx) => {
      await reports.service.addEntry(tx, job.reportId, { position: job.position, ...entry })
      await reports.service.finishIfComplete(tx, job.reportId)
    })
  }

  jobs.handle(urlImportJob, async (job, { lastAttempt }) => {
    const caller: Caller = { ...job.caller, carrier: 'bearer', session: null }
    let imported: { name: string; slug: string }
    try {
      imported = await imports.fromUrl(caller, {
        url: job.url,
        includeTags: false,
        includeCategories: false,
        tags: job.tags,
        categories: job.categories,
      })
    } catch (error) {
      if (mayPass(error) && !lastAttempt) throw error
      if (!(error instanceof HttpError)) deps.log(`bulk import of ${job.url} failed`, error)
      await report(job, {
        success: false,
        message:
          error instanceof HttpError
            ? `failed to scrape url ${job.url}`
            : `Failed to save recipe to database during bulk url import ${job.url}`,
        exception: bulkFailureReason(error, deps.pageTimeoutMs),
      })
      return
    }
    await report(job, {
      success: true,
      message: `Successfully imported recipe ${imported.name}`,
      recipeSlug: imported.slug,
    })
  })

  return {
    async start(caller: Caller, body: CreateRecipeByUrlBulk): Promise<{ reportId: string }> {
      const { carrier: _carrier, session: _session, ...rights } = caller
      return inTransaction(db, async (tx) => {
        const started = await reports.service.startReport(tx, caller.groupId, {
          category: 'bulk_import',
          name: 'Bulk Import',
          expectedEntries: body.imports.length,
        })
        for (const [position, line] of body.imports.entries()) {
          const job: UrlImportJob = {
            reportId: started.id,
            position,
            url: line.url,
            tags: line.tags ?? null,
            categories: line.categories ?? null,
            caller: rights,
          }
          await jobs.enqueue(tx, urlImportJob, job)
        }
        return { reportId: started.id }
      })
    },
  }
}

export type BulkImport = ReturnType<typeof createBulkImport>
