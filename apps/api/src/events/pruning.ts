import { z } from 'zod'
import type { Database } from '../db/client.js'
import { defineJob } from '../jobs/job-definition.js'
import type { JobRunner } from '../jobs/job-runner.js'
import { pruneEventsBefore } from './outbox.js'

const dayMs = 24 * 60 * 60 * 1000

const pruneEvents = defineJob({ kind: 'events.prune', payload: z.object({}), maxAttempts: 3 })

/**
 * Keeps the outbox to `retentionDays` of history: once a day, on any one instance, older events go. A subscriber
 * further behind than that is told to reset (notification-hub.ts), as one more than 1,000 events behind already is.
 */
export function scheduleEventPruning(deps: { jobs: JobRunner; db: Database; retentionDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  deps.jobs.handle(pruneEvents, async () => {
    await pruneEventsBefore(deps.db, new Date(now().getTime() - deps.retentionDays * dayMs))
  })
  deps.jobs.schedule({
    name: pruneEvents.kind,
    job: pruneEvents,
    targets: () => [{ key: '', cadence: { everyMinutes: 24 * 60 }, payload: {} }],
  })
}
