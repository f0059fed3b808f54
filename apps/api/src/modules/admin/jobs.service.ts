import type { BackgroundJob, BackgroundJobCounts } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { conflict, notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import { jobAdminRepo, type BackgroundJobRow } from '../../jobs/job-admin.repo.js'

const wireOf = (row: BackgroundJobRow): BackgroundJob => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  runAfter: row.runAfter.toISOString(),
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** The administrators' view of background jobs: what waits, what runs, what failed and why, and a retry. */
/** A retried job is taken by the runners' next poll (within a second). */
export function createAdminJobService(deps: { db: Database }) {
  const { db } = deps
  return {
    list: (query: ListQuery): Promise<Page<BackgroundJob>> => jobAdminRepo.page(db, query, wireOf),

    counts: (): Promise<BackgroundJobCounts> => jobAdminRepo.counts(db),

    async retry(id: string): Promise<BackgroundJob> {
      const retried = await jobAdminRepo.retryFailed(db, id)
      if (retried) return wireOf(retried)
      const existing = await jobAdminRepo.find(db, id)
      if (!existing) throw notFound('No background job has this id')
      throw conflict(`Only a failed job can be retried; this one is ${existing.status}`)
    },
  }
}

export type AdminJobService = ReturnType<typeof createAdminJobService>
