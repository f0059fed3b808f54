import type { Database, Executor } from '../db/client.js'
import {
  claimNextJob,
  deleteOldJobs,
  insertJob,
  markJobDone,
  markJobFailed,
  type ClaimedJob,
  type EnqueueOptions,
  type JobHandler,
} from './job-queue.js'

export interface JobRunnerOptions {
  db: Database
  log: (message: string, error?: unknown) => void
  /** Jobs run at once by this instance (bulk imports scrape three pages at a time, reference §7.6). */
  concurrency?: number
  /** How often an idle instance looks for work enqueued by another instance. */
  pollIntervalMs?: number
}

const cleanUpIntervalMs = 60 * 60 * 1000

/**
 * Runs the durable background jobs (DESIGN §11) of this instance. Modules register a handler per kind when they are
 * created and enqueue inside their own transactions; any instance may take a job, and a job runs once per attempt.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log } = options
  const concurrency = options.concurrency ?? 3
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const handlers = new Map<string, JobHandler>()
  const running = new Set<Promise<void>>()
  let started = false
  let claiming = false
  let pollTimer: NodeJS.Timeout | undefined
  let lastCleanUp = 0

  async function run(job: ClaimedJob) {
    const handler = handlers.get(job.kind)!
    try {
      await handler(job.payload, { attempt: job.attempts, lastAttempt: job.attempts >= job.maxAttempts })
      await markJobDone(db, job.id)
    } catch (error) {
      log(`background job ${job.kind} failed (attempt ${job.attempts} of ${job.maxAttempts})`, error)
      await markJobFailed(db, job, error).catch((markError: unknown) =>
        log('could not record a job failure', markError),
      )
    }
  }

  /** Fills the free slots with due jobs; one claim loop at a time per instance. */
  async function fillSlots() {
    if (!started || claiming) return
    claiming = true
    try {
      while (started && running.size < concurrency) {
        const job = await claimNextJob(db, [...handlers.keys()])
        if (!job) break
        const task: Promise<void> = run(job).finally(() => {
          running.delete(task)
          wake()
        })
        running.add(task)
      }
      if (Date.now() - lastCleanUp > cleanUpIntervalMs) {
        lastCleanUp = Date.now()
        await deleteOldJobs(db)
      }
    } catch (error) {
      if (started) log('could not take background jobs', error)
    } finally {
      claiming = false
    }
  }

  function wake() {
    if (started) setImmediate(() => void fillSlots())
  }

  return {
    handle(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`a handler for ${kind} jobs is already registered`)
      handlers.set(kind, handler)
    },
    /**
     * Adds a job in the caller's transaction. This instance looks for it at once and again after each poll, so a
     * job whose transaction commits a moment later is still taken promptly.
     */
    async enqueue(ex: Executor, kind: string, payload: unknown, enqueueOptions?: EnqueueOptions) {
      if (!handlers.has(kind)) throw new Error(`no handler for ${kind} jobs`)
      const id = await insertJob(ex, kind, payload, enqueueOptions)
      setTimeout(wake, 20).unref()
      return id
    },
    start() {
      if (started) return
      started = true
      pollTimer = setInterval(wake, pollIntervalMs)
      pollTimer.unref()
      wake()
    },
    /** Stops taking jobs and waits for the running ones; an unfinished job is taken again after its lease. */
    async stop() {
      started = false
      clearInterval(pollTimer)
      while (claiming) await new Promise((resolve) => setTimeout(resolve, 10))
      await Promise.allSettled([...running])
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
