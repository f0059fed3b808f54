import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createFactories } from '../../test/factories.js'
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
  return { app, db: database.db, sql: database.sql, make: createFactories(database.db), log: () => lines.join('') }
}

describe('a failed query in the log', () => {
  it('names the SQLSTATE and the statement, and no parameter value (no password hash)', async () => {
    const { app, sql: client, make, log } = await appWithCapturedLog()
    const user = await make.user()
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: user.email, password: user.password },
    })
    const authorization = `Bearer ${signedIn.json<{ access_token: string }>().access_token}`
    // Any later write to users now fails inside PostgreSQL, as a broken constraint or a full disk would.
    await client.unsafe(`
      create function refuse_user_writes() returns trigger language plpgsql as
        $$ begin raise exception 'user writes are refused' using errcode = 'P0001'; end $$;
      create trigger refuse_user_writes before update on users for each row execute function refuse_user_writes();
    `)

    const response = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: { authorization },
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
    const { app, db, make, log } = await appWithCapturedLog({ maxConnections: 1, acquireTimeoutSeconds: 0.3 })
    const user = await make.user()
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: user.email, password: user.password },
    })
    const authorization = `Bearer ${signedIn.json<{ access_token: string }>().access_token}`
    // The only connection stays busy for a second, as under a burst that outlasts the acquire timeout.
    const busy = db.execute(sql`select pg_sleep(1)`).then(() => 'done')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const answer = await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })
    expect(await busy).toBe('done')
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['retry-after']).toBe('5')
    expect(answer.json().detail.message).toMatch(/too busy/)
    expect(log()).toMatch(/PoolTimeoutError/)
  })
})
