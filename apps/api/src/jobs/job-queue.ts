import { sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.js'
import { backgroundJobs } from '../db/schema/index.js'

export interface JobContext {
  /** 1 on the first run. */
  attempt: number
  /** No retry follows a throw on this attempt: the handler should record the failure where users see it. */
  lastAttempt: boolean
}

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>

export interface EnqueueOptions {
  /** Runs in all, including the first (default 3). */
  maxAttempts?: number
  /** Not before this time (default now): a clean-up due when something expires. */
  runAfter?: Date
}

export interface ClaimedJob {
  id: string
  kind: string
  payload: unknown
  attempts: number
  maxAttempts: number
}

/** How long a claimed job is held before another instance may take it again (its instance presumably died). */
export const leaseSeconds = 300

/** Adds a job inside the caller's transaction: it exists, and runs, only if that transaction commits. */
export async function insertJob(ex: Executor, kind: string, payload: unknown, options: EnqueueOptions = {}) {
  const [row] = await ex
    .insert(backgroundJobs)
    .values({
      kind,
      payload,
      maxAttempts: options.maxAttempts ?? 3,
      ...(options.runAfter && { runAfter: options.runAfter }),
    })
    .returning({ id: backgroundJobs.id })
  return row!.id
}

/**
 * Takes the next job that is due, or whose lease ran out, for this instance. SKIP LOCKED lets every instance poll at
 * once without two of them taking the same row.
 */
export async function claimNextJob(db: Database, kinds: readonly string[]): Promise<ClaimedJob | undefined> {
  if (kinds.length === 0) return undefined
  const rows = await db.execute<{
    id: string
    kind: string
    payload: unknown
    attempts: number
    max_attempts: number
  }>(sql`
    update background_jobs set status = 'running', attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where id = (
      select id from background_jobs
      where kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and run_after <= now()
        and (status = 'queued' or (status = 'running' and lease_until < now()))
      order by run_after
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`)
  const row = rows[0]
  return (
    row && { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts }
  )
}

export async function markJobDone(db: Database, id: string) {
  await db.execute(
    sql`update background_jobs set status = 'done', lease_until = null, updated_at = now() where id = ${id}`,
  )
}

/**
 * A failed attempt: queued again after a backoff that doubles (2 s, 4 s, 8 s…), or failed for good (at once when
 * `final`: a retry cannot help).
 */
export async function markJobFailed(db: Database, job: ClaimedJob, error: unknown, final = false) {
  const message = error instanceof Error ? error.message : String(error)
  const retry = !final && job.attempts < job.maxAttempts
  await db.execute(sql`
    update background_jobs set
      status = ${retry ? 'queued' : 'failed'},
      run_after = now() + make_interval(secs => ${2 ** job.attempts}),
      lease_until = null, last_error = ${message.slice(0, 2000)}, updated_at = now()
    where id = ${job.id}`)
}

/** Finished jobs are kept a day for inspection, then removed. */
export async function deleteOldJobs(db: Database) {
  await db.execute(
    sql`delete from background_jobs where status in ('done', 'failed') and updated_at < now() - interval '1 day'`,
  )
}

/**
 * Moves a schedule's last slot forward to `slot` and, only when this call moved it, enqueues the slot's job in the
 * same transaction: one instance wins each slot. A schedule seen for the first time records its slot without running
 * it (a new daily reminder does not fire at install time); one that was known runs its latest missed slot once.
 */
export async function claimScheduleSlot(ex: Executor, key: string, slot: Date): Promise<'claimed' | 'first' | 'taken'> {
  const rows = await ex.execute<{ inserted: boolean }>(sql`
    insert into job_schedules (key, last_slot) values (${key}, ${slot.toISOString()})
    on conflict (key) do update set last_slot = excluded.last_slot, updated_at = now()
      where job_schedules.last_slot < excluded.last_slot
    returning (xmax = 0) as inserted`)
  const row = rows[0]
  return !row ? 'taken' : row.inserted ? 'first' : 'claimed'
}

export interface QueueDepth {
  kind: string
  /** Queued and due now: waiting only for a free runner. */
  due: number
  /** Taken by an instance and not finished (its lease may have run out). */
  running: number
  /** How long the oldest due job has been due, in seconds; 0 when none is. */
  oldestDueSeconds: number
}

/** The queue by kind, read when metrics are scraped (http/metrics.ts). */
export async function queueDepth(db: Database): Promise<QueueDepth[]> {
  const due = sql`${backgroundJobs.status} = 'queued' and ${backgroundJobs.runAfter} <= now()`
  return db
    .select({
      kind: backgroundJobs.kind,
      due: sql<number>`count(*) filter (where ${due})::int`,
      running: sql<number>`count(*) filter (where ${backgroundJobs.status} = 'running')::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${backgroundJobs.runAfter}) filter (where ${due})), 0)::float8`,
    })
    .from(backgroundJobs)
    .where(sql`${backgroundJobs.status} in ('queued', 'running')`)
    .groupBy(backgroundJobs.kind)
}
