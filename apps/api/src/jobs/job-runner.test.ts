import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'
import { backgroundJobs } from '../db/schema/index.js'
import { z } from 'zod'
import { jobSchedules } from '../db/schema/index.js'
import { defineJob } from './job-definition.js'
import { createJobRunner, type JobRunner } from './job-runner.js'

const countJob = defineJob({ kind: 'count', payload: z.object({ n: z.number() }) })
const neverJob = defineJob({ kind: 'never', payload: z.object({}) })
const flakyJob = defineJob({ kind: 'flaky', payload: z.object({}), maxAttempts: 2 })
const orphanJob = defineJob({ kind: 'orphan', payload: z.object({ n: z.number() }) })

const quiet = () => {}

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 20_000; waited += 50) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}

const statuses = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (await database.db.select({ status: backgroundJobs.status }).from(backgroundJobs)).map((row) => row.status)

describe('background jobs', () => {
  it('runs each job once although two instances take jobs from the same table', async () => {
    const database = await createTestDatabase()
    const runs: number[] = []
    const instances: JobRunner[] = [0, 1].map(() => {
      const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
      runner.handle(countJob, async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        runs.push(n)
      })
      return runner
    })
    for (const runner of instances) runner.start()
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n += 1) await instances[n % 2]!.enqueue(tx, countJob, { n })
    })
    await until(async () => (await statuses(database)).every((status) => status === 'done'), 'all jobs done')
    await Promise.all(instances.map((runner) => runner.stop()))
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n))
  })

  it('never runs a job whose transaction rolled back', async () => {
    const database = await createTestDatabase()
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
    let ran = false
    runner.handle(neverJob, () => {
      ran = true
      return Promise.resolve()
    })
    runner.start()
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue(tx, neverJob, {})
        throw new Error('the request failed after enqueueing')
      })
      .catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 200))
    await runner.stop()
    expect(ran).toBe(false)
    expect(await statuses(database)).toEqual([])
  })

  it('retries a failing job, tells the handler its last attempt, then marks it failed', async () => {
    const database = await createTestDatabase()
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
    const attempts: { attempt: number; lastAttempt: boolean }[] = []
    runner.handle(flakyJob, (_payload, context) => {
      attempts.push(context)
      return Promise.reject(new Error('site down'))
    })
    runner.start()
    await database.db.transaction((tx) => runner.enqueue(tx, flakyJob, {}))
    // Skip the backoff so the test does not wait for it.
    await until(async () => {
      await database.db.execute(sql`update background_jobs set run_after = now() where status = 'queued'`)
      return (await statuses(database))[0] === 'failed'
    }, 'the job to fail for good')
    await runner.stop()
    expect(attempts).toEqual([
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: true },
    ])
    const [job] = await database.db.select().from(backgroundJobs)
    expect(job?.lastError).toBe('site down')
  })

  it('takes a job again when the instance that held it died (its lease ran out)', async () => {
    const database = await createTestDatabase()
    const [job] = await database.db
      .insert(backgroundJobs)
      .values({
        kind: 'orphan',
        payload: { n: 1 },
        status: 'running',
        attempts: 1,
        leaseUntil: new Date(Date.now() - 1000),
      })
      .returning()
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
    const seen: unknown[] = []
    runner.handle(orphanJob, (payload, context) => {
      seen.push({ payload, attempt: context.attempt })
      return Promise.resolve()
    })
    runner.start()
    await until(async () => (await statuses(database))[0] === 'done', 'the orphaned job to finish')
    await runner.stop()
    expect(job).toBeDefined()
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 2 }])
  })

  it('refuses to enqueue a payload that does not fit its definition, and fails a stored one at once', async () => {
    const database = await createTestDatabase()
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
    const seen: number[] = []
    runner.handle(countJob, ({ n }) => Promise.resolve(void seen.push(n)))
    await expect(
      database.db.transaction((tx) => runner.enqueue(tx, countJob, { n: 'three' } as unknown as { n: number })),
    ).rejects.toThrow()
    // A row an older version wrote, in a shape the definition no longer has: retrying cannot help.
    await database.db.insert(backgroundJobs).values({ kind: 'count', payload: { count: 3 }, maxAttempts: 3 })
    runner.start()
    await until(async () => (await statuses(database))[0] === 'failed', 'the unreadable job to fail')
    await runner.stop()
    const [job] = await database.db.select().from(backgroundJobs)
    expect(job?.attempts).toBe(1)
    expect(job?.lastError).toMatch(/does not fit its definition/)
    expect(seen).toEqual([])
  })
})

describe('recurring schedules', () => {
  const tickJob = defineJob({ kind: 'tick', payload: z.object({ household: z.string() }), maxAttempts: 1 })

  /** An instance whose clock the test sets, running tick jobs into `ran`. */
  function instance(database: Awaited<ReturnType<typeof createTestDatabase>>, clock: { now: Date }, ran: string[]) {
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20, now: () => clock.now })
    runner.handle(tickJob, ({ household }) => Promise.resolve(void ran.push(`${household}@${clock.now.toISOString()}`)))
    runner.schedule({
      name: 'daily-tick',
      job: tickJob,
      targets: () => [
        { key: 'berlin', cadence: { dailyAt: '08:00', timeZone: 'Europe/Berlin' }, payload: { household: 'berlin' } },
        { key: 'tokyo', cadence: { dailyAt: '08:00', timeZone: 'Asia/Tokyo' }, payload: { household: 'tokyo' } },
      ],
    })
    return runner
  }

  const tickRows = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
    (await database.db.select().from(backgroundJobs)).filter((job) => job.kind === 'tick')

  it('enqueues each slot once although two instances check it at the same moments', async () => {
    const database = await createTestDatabase()
    const clock = { now: new Date('2026-11-27T12:00:00Z') }
    const ran: string[] = []
    const instances = [instance(database, clock, ran), instance(database, clock, ran)]
    // The first sight records the slots without running them: a new reminder does not fire at install time.
    await Promise.all(instances.map((runner) => runner.checkSchedules()))
    expect(await tickRows(database)).toEqual([])
    // 08:00 in Tokyo is 23:00 UTC; 08:00 in Berlin is 07:00 UTC.
    for (const time of [
      '2026-11-27T22:59:00Z',
      '2026-11-27T23:00:00Z',
      '2026-11-28T06:59:00Z',
      '2026-11-28T07:00:00Z',
    ]) {
      clock.now = new Date(time)
      await Promise.all([...instances, ...instances].map((runner) => runner.checkSchedules()))
    }
    for (const runner of instances) runner.start()
    await until(() => Promise.resolve(ran.length === 2), 'both slots to run')
    await Promise.all(instances.map((runner) => runner.stop()))
    const households = (await tickRows(database)).map((job) => (job.payload as { household: string }).household)
    expect(households.toSorted()).toEqual(['berlin', 'tokyo'])
  })

  it('runs a slot missed while every instance was down once on start, not once per missed day', async () => {
    const database = await createTestDatabase()
    const clock = { now: new Date('2026-11-20T12:00:00Z') }
    const ran: string[] = []
    await instance(database, clock, ran).checkSchedules()
    // Down for a week; then two instances start at once.
    clock.now = new Date('2026-11-27T12:00:00Z')
    const instances = [instance(database, clock, ran), instance(database, clock, ran)]
    for (const runner of instances) runner.start()
    await until(() => Promise.resolve(ran.length === 2), 'the missed slots to run')
    await new Promise((resolve) => setTimeout(resolve, 200))
    await Promise.all(instances.map((runner) => runner.stop()))
    expect(ran.toSorted()).toEqual(['berlin@2026-11-27T12:00:00.000Z', 'tokyo@2026-11-27T12:00:00.000Z'])
    const slots = await database.db.select().from(jobSchedules)
    expect(Object.fromEntries(slots.map((row) => [row.key, row.lastSlot.toISOString()]))).toMatchObject({
      'daily-tick:berlin': '2026-11-27T07:00:00.000Z',
      'daily-tick:tokyo': '2026-11-26T23:00:00.000Z',
    })
  })

  it('checks once more when asked during a running check, so that what changed before the ask is seen', async () => {
    const database = await createTestDatabase()
    const clock = { now: new Date('2026-11-27T12:00:00Z') }
    const runner = createJobRunner({ db: database.db, log: quiet, now: () => clock.now })
    runner.handle(tickJob, () => Promise.resolve())
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let reads = 0
    runner.schedule({
      name: 'slow-targets',
      job: tickJob,
      targets: async () => {
        reads += 1
        // The first check (the start's) is still busy when the test asks for its own.
        if (reads === 1) await held
        return [{ key: '', cadence: { everyMinutes: 60 }, payload: { household: 'one' } }]
      },
    })
    const first = runner.checkSchedules()
    const asked = runner.checkSchedules()
    expect(runner.checkSchedules()).toBe(asked)
    release()
    await Promise.all([first, asked])
    expect(reads).toBe(2)
  })
})
