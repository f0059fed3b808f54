import { z } from 'zod'
import type { Database } from '../../db/client.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { shoppingItemRepo } from './repo.js'

const dayMs = 24 * 60 * 60 * 1000

const pruneTombstones = defineJob({ kind: 'shopping.prune-tombstones', payload: z.object({}), maxAttempts: 3 })

/**
 * Keeps deleted shopping lines (tombstones, for `/changes?since=`) for `retentionDays`, as long as the outbox keeps
 * events (events/pruning.ts): once a day, on any one instance, older ones go, and their lists remember up to which
 * version deletions were forgotten so that a client further behind is answered the whole list (`reset`).
 */
export function scheduleTombstonePruning(deps: {
  jobs: JobRunner
  db: Database
  retentionDays: number
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  deps.jobs.handle(pruneTombstones, async () => {
    await shoppingItemRepo.pruneTombstonesBefore(deps.db, new Date(now().getTime() - deps.retentionDays * dayMs))
  })
  deps.jobs.schedule({
    name: pruneTombstones.kind,
    job: pruneTombstones,
    targets: () => [{ key: '', cadence: { everyMinutes: 24 * 60 }, payload: {} }],
  })
}
