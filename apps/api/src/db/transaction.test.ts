import { sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'
import { connectDatabase, type Executor } from './client.js'
import { inTransaction } from './transaction.js'

const quick = { attempts: 3, firstDelayMs: 1 }

/** Ends the transaction as PostgreSQL ends a deadlock's or a serialization conflict's loser, with that SQLSTATE. */
const abortWith = (ex: Executor, state: string) =>
  ex.execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${state}'; end $$`))

describe('inTransaction', () => {
  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('runs a transaction aborted for %s again, and keeps only the run that committed', async (_name, state) => {
    const { db, sql: client } = await createTestDatabase()
    await client`create table marks (run int)`
    let runs = 0
    const answer = await inTransaction(
      db,
      async (tx) => {
        runs += 1
        await tx.execute(sql`insert into marks values (${runs})`)
        if (runs < 3) await abortWith(tx, state)
        return 'done'
      },
      quick,
    )
    expect([answer, runs]).toEqual(['done', 3])
    expect(await client`select run from marks`).toEqual([{ run: 3 }])
  })

  it('gives up after its bound and throws the last failure', async () => {
    const { db } = await createTestDatabase()
    let runs = 0
    const failure = await inTransaction(
      db,
      async (tx) => {
        runs += 1
        await abortWith(tx, '40P01')
      },
      quick,
    ).catch((error: unknown) => error)
    expect(runs).toBe(3)
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toMatch(/conflict/)
  })

  it('never runs again for other failures (a unique violation is an answer, not bad luck)', async () => {
    const { db } = await createTestDatabase()
    let runs = 0
    await expect(
      inTransaction(db, async (tx) => {
        runs += 1
        await abortWith(tx, '23505')
      }),
    ).rejects.toThrow()
    expect(runs).toBe(1)
  })

  it('lets both of two transactions that deadlock on each other commit', async () => {
    const { url, sql: client } = await createTestDatabase()
    // Two transactions open at once need two connections, whatever pool size the suite runs with (CI runs one).
    const connection = connectDatabase(url, { maxConnections: 2, acquireTimeoutSeconds: 5 })
    onTestFinished(() => connection.close())
    const { db } = connection
    await client`create table counters (id int primary key, hits int)`
    await client`insert into counters values (1, 0), (2, 0)`
    let bothLocked: () => void = () => {}
    const firstLocksTaken = new Promise<void>((resolve) => (bothLocked = resolve))
    let holding = 0
    // Each takes one row, waits until the other holds its own, then wants the other's: PostgreSQL aborts one.
    const crossing = (first: number, second: number) =>
      inTransaction(db, async (tx) => {
        await tx.execute(sql`update counters set hits = hits + 1 where id = ${first}`)
        holding += 1
        if (holding === 2) bothLocked()
        await firstLocksTaken
        await tx.execute(sql`update counters set hits = hits + 1 where id = ${second}`)
      })
    await Promise.all([crossing(1, 2), crossing(2, 1)])
    expect(await client`select id, hits from counters order by id`).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ])
  })
})
