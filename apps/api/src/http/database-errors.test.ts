import { Writable } from 'node:stream'
import { changePassword, getSelf } from '@larder/contracts'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { createFactories } from '../../test/factories.js'
import { createTestClient } from '../../test/test-client.js'
import { createTestDatabase } from '../../test/test-database.js'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { connectDatabase, type ConnectionLimits } from '../db/client.js'

/** The app with a logger whose lines the test can read, as production logs them. */
async function appWithCapturedLog(limits?: ConnectionLimits) {
  let database = await createTestDatabase()
  if (limits) {
    const limited = { ...connectDatabase(database.url, limits), url: database.url }
    afterAll(() => limited.close())
    database = limited
  }
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: '/tmp/larder-test-data', LOG_LEVEL: 'error', SECURITY_AUTH_RATE_LIMIT: '0' }),
    db: database.db,
    secret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logger: pino({ level: 'error' }, sink),
  })
  afterAll(() => app.close())
  return {
    app,
    api: createTestClient(app),
    db: database.db,
    sql: database.sql,
    url: database.url,
    make: createFactories(database.db),
    log: () => lines.join(''),
  }
}

describe('a failed query in the log', () => {
  it('names the SQLSTATE and the statement, and no parameter value (no password hash)', async () => {
    const { app, api, sql: client, make, log } = await appWithCapturedLog()
    const user = await make.user()
    // Any later write to users now fails inside PostgreSQL, as a broken constraint or a full disk would.
    await client.unsafe(`
      create function refuse_user_writes() returns trigger language plpgsql as
        $$ begin raise exception 'user writes are refused' using errcode = 'P0001'; end $$;
      create trigger refuse_user_writes before update on users for each row execute function refuse_user_writes();
    `)

    // The typed client fails on any 5xx, and this test is about one: the request goes out raw.
    const response = await app.inject({
      method: changePassword.method,
      url: changePassword.path,
      headers: { authorization: api.authorization(user) },
      payload: { currentPassword: user.password, newPassword: 'a brand new secret' },
    })

    expect(response.statusCode).toBe(500)
    const written = log()
    const entry = JSON.parse(written.trim().split('\n').at(-1)!) as { err: Record<string, unknown> }
    expect(entry.err).toMatchObject({ code: 'P0001', statement: 'update users' })
    for (const secret of ['$argon2', 'params', user.id, 'a brand new secret', user.password]) {
      expect(written).not.toContain(secret)
    }
  })
})

describe('an exhausted pool', () => {
  it('answers 503 with Retry-After once no connection frees within the acquire timeout', async () => {
    const { api, db, make, log, url } = await appWithCapturedLog({ maxConnections: 1, acquireTimeoutSeconds: 0.3 })
    const user = await make.user()
    // The only connection stays busy for two seconds, as under a burst that outlasts the acquire timeout.
    const busy = db.execute(sql`select pg_sleep(2)`).then(() => 'done')
    // Wait until the sleep really holds the connection (a fixed delay lost this race on a loaded machine).
    const observer = postgres(url, { max: 1, onnotice: () => {} })
    try {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const [row] = await observer<{ sleeping: number }[]>`
          select count(*)::int as sleeping from pg_stat_activity
          where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`
        if (row!.sleeping > 0) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    } finally {
      await observer.end()
    }
    const answer = await api.call(getSelf, { as: user })
    expect(await busy).toBe('done')
    expect(answer.status).toBe(503)
    expect(answer.headers['retry-after']).toBe('5')
    expect(answer.body).toMatchObject({ detail: { message: expect.stringMatching(/too busy/) } })
    expect(log()).toMatch(/PoolTimeoutError/)
  })
})
