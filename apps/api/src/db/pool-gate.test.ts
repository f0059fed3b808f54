import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'
import { connectDatabase } from './client.js'
import { PoolTimeoutError } from './pool-gate.js'

async function onePooledConnection(limits: { acquireTimeoutSeconds: number }) {
  const { url } = await createTestDatabase()
  const connection = connectDatabase(url, { maxConnections: 1, ...limits })
  afterAll(() => connection.close())
  return connection.db
}

describe('the connection pool', () => {
  it('fails a second connection taken inside a transaction within the acquire timeout instead of freezing', async () => {
    const db = await onePooledConnection({ acquireTimeoutSeconds: 0.3 })
    const started = performance.now()
    const nested = db.transaction(async (transaction) => {
      await transaction.execute(sql`select 1`)
      await db.execute(sql`select 2`)
    })
    await expect(nested).rejects.toSatisfy((error) => {
      const cause = (error as { cause?: unknown }).cause
      return error instanceof PoolTimeoutError || cause instanceof PoolTimeoutError
    })
    expect(performance.now() - started).toBeLessThan(2000)
    // The transaction rolled back and gave its connection back: the pool answers again.
    await expect(db.execute(sql`select 3 as three`)).resolves.toEqual([{ three: 3 }])
  })

  it('lets queries wait their turn for a busy connection, in order', async () => {
    const db = await onePooledConnection({ acquireTimeoutSeconds: 5 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => db.execute(sql`select ${index}::int as n, pg_sleep(0.005)`)),
    )
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, index) => index))
  })

  it('sets statement_timeout and idle_in_transaction_session_timeout on every connection', async () => {
    const { url } = await createTestDatabase()
    const connection = connectDatabase(url, { statementTimeoutSeconds: 7, idleInTransactionTimeoutSeconds: 9 })
    afterAll(() => connection.close())
    const [row] = await connection.db.execute<{ statement: string; idle: string }>(
      sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    )
    expect(row).toEqual({ statement: '7s', idle: '9s' })
  })

  it('cancels a statement that runs past statement_timeout', async () => {
    const { url } = await createTestDatabase()
    const connection = connectDatabase(url, { statementTimeoutSeconds: 0.2 })
    afterAll(() => connection.close())
    await expect(connection.db.execute(sql`select pg_sleep(2)`)).rejects.toSatisfy(
      (error) => (error as { cause?: { code?: string } }).cause?.code === '57014',
    )
  })
})
