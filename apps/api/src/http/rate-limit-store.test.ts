import { forgotPassword, signIn } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createSecondInstance, createTestApp } from '../../test/test-app.js'
import { countHit, deleteEndedWindows } from './rate-limit-store.js'

const wrongSignIn = { username: 'nobody@example.com', password: 'wrong password' }

describe('rate limits kept in PostgreSQL', () => {
  it('are shared by two instances on one database: requests to either count against one limit', async () => {
    const first = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '4', SECURITY_MAX_LOGIN_ATTEMPTS: '100' })
    const second = await createSecondInstance(first, { ownConnection: true })
    const statuses: number[] = []
    for (const api of [first.api, second.api, first.api, second.api, first.api, second.api]) {
      statuses.push((await api.call(signIn, { remoteAddress: '203.0.113.7', body: wrongSignIn })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
    // Another client, on either instance, has its own count.
    const other = await second.api.call(signIn, { remoteAddress: '203.0.113.8', body: wrongSignIn })
    expect(other.status).toBe(401)
  })

  it('count each route apart', async () => {
    const { api } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '1' })
    const from = { remoteAddress: '203.0.113.9' }
    expect((await api.call(signIn, { ...from, body: wrongSignIn })).status).toBe(401)
    expect((await api.call(forgotPassword, { ...from, body: { email: 'a@example.com' } })).status).toBe(200)
    expect((await api.call(signIn, { ...from, body: wrongSignIn })).status).toBe(429)
  })

  it('start a new window once the last one has ended, and answer the time a window has left', async () => {
    const { db } = await createTestApp()
    const first = await countHit(db, 'GET /x 198.51.100.1', 200)
    const second = await countHit(db, 'GET /x 198.51.100.1', 200)
    expect([first.current, second.current]).toEqual([1, 2])
    expect(second.ttl).toBeGreaterThan(0)
    expect(second.ttl).toBeLessThanOrEqual(200)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect((await countHit(db, 'GET /x 198.51.100.1', 200)).current).toBe(1)
  })

  it('lose no hit when many arrive at once', async () => {
    const { db } = await createTestApp()
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'POST /y 198.51.100.2', 60_000)))
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    )
  })

  it('forget windows that have ended when pruned, and keep the running ones', async () => {
    const { db, sql } = await createTestApp()
    await countHit(db, 'GET /x ended', 50)
    await countHit(db, 'GET /x running', 60_000)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await deleteEndedWindows(db)
    const left = await sql<{ key: string }[]>`select key from rate_limit_windows order by key`
    expect(left.map((row) => row.key)).toEqual(['GET /x running'])
  })
})

describe('sign-in throttles', () => {
  it('hold across instances: they count in PostgreSQL, so guesses spread over two instances lock the account', async () => {
    const first = await createTestApp({ SECURITY_MAX_LOGIN_ATTEMPTS: '4' })
    const second = await createSecondInstance(first, { ownConnection: true })
    const user = await first.make.user()
    const statuses: number[] = []
    for (const api of [first.api, second.api, first.api, second.api]) {
      statuses.push((await api.call(signIn, { body: { username: user.username!, password: 'nope' } })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401])
    for (const api of [first.api, second.api]) {
      expect((await api.call(signIn, { body: { username: user.username!, password: user.password } })).status).toBe(423)
    }
  })
})
