import { BackgroundJob } from '@larder/contracts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.js'
import { backgroundJobs } from '../db/schema/index.js'
import {
  defineListSpec,
  paginateAcrossTenants,
  type ItemId,
  type ListQuery,
  type Page,
} from '../http/list-query/index.js'

/** What the administrators' job list filters and orders on: BackgroundJob's own fields. */
const jobListSpec = defineListSpec({
  table: backgroundJobs,
  shows: BackgroundJob,
  columns: {
    id: backgroundJobs.id,
    kind: backgroundJobs.kind,
    status: backgroundJobs.status,
    attempts: backgroundJobs.attempts,
    max_attempts: backgroundJobs.maxAttempts,
    run_after: backgroundJobs.runAfter,
    last_error: backgroundJobs.lastError,
    created_at: backgroundJobs.createdAt,
    updated_at: backgroundJobs.updatedAt,
  },
  search: [backgroundJobs.kind, backgroundJobs.lastError],
  defaultOrder: backgroundJobs.updatedAt,
})

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect

/** The rows behind the administrators' view of background jobs (modules/admin): jobs belong to no tenant. */
export const jobAdminRepo = {
  page<Item>(db: Database, query: ListQuery, toItem: (row: BackgroundJobRow) => Item): Promise<Page<Item>> {
    return paginateAcrossTenants(db, jobListSpec, query, {
      path: '/admin/jobs',
      select: async (ids: ItemId[]) =>
        (
          await db
            .select()
            .from(backgroundJobs)
            .where(inArray(backgroundJobs.id, ids.map(String)))
        ).map(toItem),
    })
  },

  async counts(ex: Executor): Promise<Record<BackgroundJobRow['status'], number>> {
    const rows = await ex
      .select({ status: backgroundJobs.status, count: sql<number>`count(*)::int` })
      .from(backgroundJobs)
      .groupBy(backgroundJobs.status)
    const counts = { queued: 0, running: 0, done: 0, failed: 0 }
    for (const row of rows) counts[row.status] = row.count
    return counts
  },

  async find(ex: Executor, id: string): Promise<BackgroundJobRow | undefined> {
    const [row] = await ex.select().from(backgroundJobs).where(eq(backgroundJobs.id, id))
    return row
  },

  /** Queues a failed job again now, its attempts counted afresh; undefined when it is not (or no longer) failed. */
  async retryFailed(ex: Executor, id: string): Promise<BackgroundJobRow | undefined> {
    const [row] = await ex
      .update(backgroundJobs)
      .set({ status: 'queued', attempts: 0, runAfter: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
      .where(sql`${backgroundJobs.id} = ${id} and ${backgroundJobs.status} = 'failed'`)
      .returning()
    return row
  },
}
