import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'
import { backgroundJobs } from '../db/schema/index.js'
import { createJobRunner, type JobRunner } from './job-runner.js'

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
      runner.handle('count', async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        runs.push((payload as { n: number }).n)
      })
      return runner
    })
    for (const runner of instances) runner.start()
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n += 1) await instances[n % 2]!.enqueue(tx, 'count', { n })
    })
    await until(async () => (await statuses(database)).every((status) => status === 'done'), 'all jobs done')
    await Promise.all(instances.map((runner) => runner.stop()))
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n))
  })

  it('never runs a job whose transaction rolled back', async () => {
    const database = await createTestDatabase()
    const runner = createJobRunner({ db: database.db, log: quiet, pollIntervalMs: 20 })
    let ran = false
    runner.handle('never', () => {
      ran = true
      return Promise.resolve()
    })
    runner.start()
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue(tx, 'never', {})
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
    runner.handle('flaky', (_payload, context) => {
      attempts.push(context)
      return Promise.reject(new Error('site down'))
    })
    runner.start()
    await database.db.transaction((tx) => runner.enqueue(tx, 'flaky', {}, { maxAttempts: 2 }))
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
    runner.handle('orphan', (payload, context) => {
      seen.push({ payload, attempt: context.attempt })
      return Promise.resolve()
    })
    runner.start()
    await until(async () => (await statuses(database))[0] === 'done', 'the orphaned job to finish')
    await runner.stop()
    expect(job).toBeDefined()
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 2 }])
  })
})
