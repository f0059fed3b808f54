import { adminUnlockUsers } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

const maximumAttempts = 5
const burstSize = 40

/** The app on a real socket, so that a burst of sign-ins really runs at the same time. */
async function listening(testApp: TestApp) {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  const address = testApp.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const url = `http://127.0.0.1:${address.port}/api/auth/token`
  return (username: string, password: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
      signal: AbortSignal.timeout(30_000),
    }).then((response) => response.status)
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {})

describe('lockout under parallel guesses', () => {
  it(`checks at most ${maximumAttempts} of ${burstSize} simultaneous wrong passwords, then refuses even the right one`, async () => {
    const testApp = await createTestApp()
    const user = await testApp.make.user()
    const signIn = await listening(testApp)

    const statuses = await Promise.all(Array.from({ length: burstSize }, () => signIn(user.username!, 'wrong')))
    // A 401 is an answer after the password was checked; a 423 is a refusal before it.
    expect(tally(statuses)).toEqual({ 401: maximumAttempts, 423: burstSize - maximumAttempts })
    const [row] = await testApp.sql`select failed_login_attempts, locked_at from users where id = ${user.id}`
    expect(row!.failed_login_attempts).toBe(maximumAttempts)
    expect(row!.locked_at).not.toBeNull()

    // Once locked, the right password in another burst signs in nowhere.
    const again = await Promise.all(
      Array.from({ length: 10 }, (_, index) => signIn(user.username!, index === 5 ? user.password : 'wrong')),
    )
    expect(tally(again)).toEqual({ 423: 10 })
  })

  it('answers an unknown login exactly as a known one, burst for burst', async () => {
    const testApp = await createTestApp()
    const signIn = await listening(testApp)

    const statuses = await Promise.all(Array.from({ length: burstSize }, () => signIn('nobody-here', 'wrong')))
    expect(tally(statuses)).toEqual({ 401: maximumAttempts, 423: burstSize - maximumAttempts })
    // Counted under a hash: the table never holds what was typed as a login.
    const rows = await testApp.sql`select login_hash, failed_login_attempts from sign_in_failures`
    expect(rows).toHaveLength(1)
    expect(rows[0]!.login_hash).not.toContain('nobody')
    expect(rows[0]!.failed_login_attempts).toBe(maximumAttempts)
    // The same login in another case is the same login.
    expect(await signIn('NOBODY-HERE', 'wrong')).toBe(423)
  })

  it('starts the count again after the right password, and lifts a lock whose time has passed', async () => {
    const testApp = await createTestApp()
    const user = await testApp.make.user()
    const signIn = await listening(testApp)
    for (let attempt = 1; attempt < maximumAttempts; attempt += 1) expect(await signIn(user.email, 'wrong')).toBe(401)
    expect(await signIn(user.email, user.password)).toBe(200)
    const [row] = await testApp.sql`select failed_login_attempts from users where id = ${user.id}`
    expect(row!.failed_login_attempts).toBe(0)

    await testApp.sql`update users set failed_login_attempts = 5, locked_at = now() - interval '25 hours' where id = ${user.id}`
    await testApp.sql`insert into sign_in_failures (login_hash, failed_login_attempts, locked_at)
      values (encode(sha256('ghost'::bytea), 'hex'), 5, now() - interval '25 hours')`
    expect(await signIn(user.email, user.password)).toBe(200)
    expect(await signIn('ghost', 'wrong')).toBe(401)
  })

  it('clears every failure count when an administrator unlocks with force', async () => {
    const testApp = await createTestApp()
    const admin = await testApp.make.user({ admin: true })
    const counting = await testApp.make.user()
    const signIn = await listening(testApp)
    for (let attempt = 1; attempt < maximumAttempts; attempt += 1) {
      expect(await signIn(counting.email, 'wrong')).toBe(401)
      expect(await signIn('ghost', 'wrong')).toBe(401)
    }
    const unlock = await testApp.api.call(adminUnlockUsers, { as: admin, query: { force: 'true' } })
    expect(unlock.status).toBe(200)
    const [row] = await testApp.sql`select failed_login_attempts from users where id = ${counting.id}`
    expect(row!.failed_login_attempts).toBe(0)
    expect(await testApp.sql`select 1 from sign_in_failures`).toHaveLength(0)
    // A whole new budget: one more wrong password would have locked both before.
    expect(await signIn(counting.email, 'wrong')).toBe(401)
    expect(await signIn('ghost', 'wrong')).toBe(401)
  })
})
