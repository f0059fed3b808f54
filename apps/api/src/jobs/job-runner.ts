import { z } from 'zod'
import type { Database, Executor } from '../db/client.js'
import { inTransaction } from '../db/transaction.js'
import { defineJob, UnreadablePayload, type JobDefinition } from './job-definition.js'
import {
  claimNextJob,
  claimScheduleSlot,
  deleteOldJobs,
  insertJob,
  markJobDone,
  markJobFailed,
  type ClaimedJob,
  type JobHandler,
} from './job-queue.js'
import { isKnownTimeZone } from '../lib/zoned-time.js'
import { latestSlot, type Cadence } from './schedule-slots.js'

export interface JobRunnerOptions {
  db: Database
  log: (message: string, error?: unknown) => void
  /** Jobs run at once by this instance (bulk imports scrape three pages at a time, docs/mealie-compatibility.md "Bulk URL import"). */
  concurrency?: number
  /** How often an idle instance looks for work enqueued by another instance. */
  pollIntervalMs?: number
  /** How often this instance looks for a schedule slot that came due (slots are whole minutes). */
  scheduleIntervalMs?: number
  /** The clock schedules read; tests move it. */
  now?: () => Date
}

/** One run of a recurring job: the slot key it is claimed under, when it comes due, and what it is given. */
export interface ScheduleTarget<Payload> {
  /** Tells this target's slots apart from the schedule's others (a household's id); '' for a schedule of one. */
  key: string
  cadence: Cadence
  payload: Payload
}

export interface RecurringSchedule<Payload> {
  /** Stable: slots are remembered under it. */
  name: string
  job: JobDefinition<Payload>
  /**
   * Read at every check, so that a household that changes its time zone is due at its new time. `now` is the check's
   * clock, for a payload that names its slot (a webhook's local date).
   */
  targets: (now: Date) => Promise<ScheduleTarget<Payload>[]> | ScheduleTarget<Payload>[]
}

const oldJobsCleanUp = defineJob({ kind: 'jobs.clean-up', payload: z.object({}), maxAttempts: 1 })

/**
 * Runs the durable background jobs of this instance (docs/architecture.md "Background jobs and schedules (src/jobs)"). Modules declare each kind with
 * `defineJob`, register its handler when they are created, and enqueue inside their own transactions; any instance
 * may take a job, and a job runs once per attempt. Recurring schedules enqueue each slot once across instances.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log } = options
  const concurrency = options.concurrency ?? 3
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const scheduleIntervalMs = options.scheduleIntervalMs ?? 30_000
  const now = options.now ?? (() => new Date())
  const handlers = new Map<string, { definition: JobDefinition<unknown>; handler: JobHandler }>()
  const schedules: RecurringSchedule<unknown>[] = []
  const running = new Set<Promise<void>>()
  let started = false
  let claiming = false
  let checkingSchedules: Promise<void> | undefined
  let checkAgain: Promise<void> | undefined
  let pollTimer: NodeJS.Timeout | undefined
  let scheduleTimer: NodeJS.Timeout | undefined

  async function run(job: ClaimedJob) {
    const { definition, handler } = handlers.get(job.kind)!
    try {
      const parsed = definition.payload.safeParse(job.payload)
      if (!parsed.success) throw new UnreadablePayload(job.kind, z.prettifyError(parsed.error))
      await handler(parsed.data, { attempt: job.attempts, lastAttempt: job.attempts >= job.maxAttempts })
      await markJobDone(db, job.id)
    } catch (error) {
      log(`background job ${job.kind} failed (attempt ${job.attempts} of ${job.maxAttempts})`, error)
      await markJobFailed(db, job, error, error instanceof UnreadablePayload).catch((markError: unknown) =>
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
    } catch (error) {
      if (started) log('could not take background jobs', error)
    } finally {
      claiming = false
    }
  }

  function wake() {
    if (started) setImmediate(() => void fillSlots())
  }

  async function checkSchedule(schedule: RecurringSchedule<unknown>) {
    const checkedAt = now()
    for (const target of await schedule.targets(checkedAt)) {
      if ('timeZone' in target.cadence && !isKnownTimeZone(target.cadence.timeZone)) {
        log(`schedule ${schedule.name} skips ${target.key}: unknown time zone ${target.cadence.timeZone}`)
        continue
      }
      const key = target.key ? `${schedule.name}:${target.key}` : schedule.name
      const slot = latestSlot(target.cadence, checkedAt)
      await inTransaction(db, async (tx) => {
        if ((await claimScheduleSlot(tx, key, slot)) === 'claimed') await enqueue(tx, schedule.job, target.payload)
      })
    }
  }

  /** One pass over every schedule. */
  async function checkEverySchedule() {
    for (const schedule of schedules) {
      try {
        await checkSchedule(schedule)
      } catch (error) {
        // The database is most likely unreachable: the next tick tries every schedule again. Going on would make
        // each one wait for a connection in turn, and a stop wait for them all.
        if (started) log(`could not check the schedule ${schedule.name}`, error)
        return
      }
    }
  }

  /** The timer's check: skipped while one runs, since that one already looks at every schedule. */
  function tick() {
    checkingSchedules ??= checkEverySchedule().finally(() => (checkingSchedules = undefined))
  }

  /**
   * Enqueues every slot that came due since the last check; one check at a time per instance. A call while a check
   * runs (the start's, or a tick's) waits for it and then checks once more, so that what the caller changed before
   * calling is seen: the running check may have passed that schedule already, and more schedules make it longer.
   */
  function checkSchedules(): Promise<void> {
    if (!checkingSchedules) {
      tick()
      return checkingSchedules!
    }
    checkAgain ??= checkingSchedules.then(() => {
      checkAgain = undefined
      return checkSchedules()
    })
    return checkAgain
  }

  function handle<Payload>(definition: JobDefinition<Payload>, handler: JobHandler<Payload>) {
    if (handlers.has(definition.kind)) throw new Error(`a handler for ${definition.kind} jobs is already registered`)
    handlers.set(definition.kind, {
      definition: definition,
      handler: handler as JobHandler,
    })
  }

  /**
   * Adds a job in the caller's transaction. This instance looks for it at once and again after each poll, so a
   * job whose transaction commits a moment later is still taken promptly.
   */
  async function enqueue<Payload>(
    ex: Executor,
    definition: JobDefinition<Payload>,
    payload: Payload,
    enqueueOptions: { runAfter?: Date } = {},
  ) {
    if (!handlers.has(definition.kind)) throw new Error(`no handler for ${definition.kind} jobs`)
    const checked = definition.payload.parse(payload)
    const id = await insertJob(ex, definition.kind, checked, {
      maxAttempts: definition.maxAttempts,
      ...enqueueOptions,
    })
    setTimeout(wake, 20).unref()
    return id
  }

  handle(oldJobsCleanUp, () => deleteOldJobs(db))
  schedules.push({
    name: oldJobsCleanUp.kind,
    job: oldJobsCleanUp,
    targets: () => [{ key: '', cadence: { everyMinutes: 60 }, payload: {} }],
  })

  return {
    handle,
    enqueue,
    /** Runs `schedule`'s job at each of its slots, once across every instance; declare before `start`. */
    schedule<Payload>(schedule: RecurringSchedule<Payload>) {
      if (!handlers.has(schedule.job.kind)) throw new Error(`no handler for ${schedule.job.kind} jobs`)
      if (schedules.some((known) => known.name === schedule.name))
        throw new Error(`a schedule named ${schedule.name} is already declared`)
      schedules.push(schedule)
    },
    /** Checks the schedules now instead of at the next tick (tests, and start-up). */
    checkSchedules,
    start() {
      if (started) return
      started = true
      pollTimer = setInterval(wake, pollIntervalMs)
      pollTimer.unref()
      scheduleTimer = setInterval(tick, scheduleIntervalMs)
      scheduleTimer.unref()
      tick()
      wake()
    },
    /** Stops taking jobs and waits for the running ones; an unfinished job is taken again after its lease. */
    async stop() {
      started = false
      clearInterval(pollTimer)
      clearInterval(scheduleTimer)
      await checkAgain
      await checkingSchedules
      while (claiming) await new Promise((resolve) => setTimeout(resolve, 10))
      await Promise.allSettled([...running])
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
