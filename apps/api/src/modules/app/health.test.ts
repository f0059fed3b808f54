import { getHealth, getReadiness } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { connectDatabase } from '../../db/client.js'
import { createTestApp } from '../../../test/test-app.js'
import { createTestClient } from '../../../test/test-client.js'

describe('health checks', () => {
  it('answers liveness and readiness without credentials while the database is up and migrated', async () => {
    const { api } = await createTestApp()
    expect(await api.ok(getHealth)).toEqual({ status: 'ok' })
    const ready = await api.call(getReadiness)
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ok', database: 'ok', migrations: 'current' })
  })

  it('is not ready, with 503, while a migration of this build is not applied', async () => {
    const { api, sql } = await createTestApp()
    await sql`delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`
    const ready = await api.call(getReadiness)
    expect(ready.status).toBe(503)
    expect(ready.body).toEqual({ status: 'unavailable', database: 'ok', migrations: 'pending' })
  })

  it('is not ready, with 503, when the database is gone, and stays alive', async () => {
    // A port nothing listens on: the database server has gone away.
    const gone = connectDatabase('postgres://larder:none@127.0.0.1:1/larder', { maxConnections: 1 })
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: '/tmp/larder-test-data', LOG_LEVEL: 'silent' }),
      db: gone.db,
      secret: 'test-secret-that-is-long-enough-for-hs256-signing',
      // Readiness is the subject. A job runner's calls, each waiting out the pool's acquire timeout on the one dead
      // connection, would hold its stop (and the test) for that long.
      runJobs: false,
    })
    const api = createTestClient(app)
    try {
      const ready = await api.call(getReadiness)
      expect(ready.status).toBe(503)
      expect(ready.body).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' })
      expect((await api.call(getHealth)).status).toBe(200)
    } finally {
      await app.close()
      await gone.close()
    }
  })
})
