import {
  getAppInfo,
  getOwnHousehold,
  getSelf,
  getUserImage,
  lookUpInvitation,
  validateEmail,
  validateGroupName,
  validateUsername,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('answers that must not leak', () => {
  it('rate-limits the availability checks and the invitation lookup, which tell whether an account or invitation exists', async () => {
    const { api } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '1' })
    const checks: [() => Promise<{ status: number; body: unknown }>, number][] = [
      [() => api.call(validateUsername, { query: { name: 'someone' } }), 200],
      [() => api.call(validateEmail, { query: { email: 'someone@example.com' } }), 200],
      [() => api.call(validateGroupName, { query: { name: 'Kitchen' } }), 200],
      // Tells whether a token is a usable invitation.
      [() => api.call(lookUpInvitation, { query: { token: 'guessed-token' } }), 404],
    ]
    for (const [index, [check, status]] of checks.entries()) {
      for (let count = 0; count < 3; count += 1) expect((await check()).status, `check ${index}`).toBe(status)
      const limited = await check()
      expect(limited.status, `check ${index}`).toBe(429)
      expect(limited.body).toMatchObject({ detail: { message: expect.stringMatching(/Too many requests/) } })
    }
  })

  it('marks JSON answered to a signed-in caller no-store, and leaves public answers cacheable', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const self = await api.call(getSelf, { as: user })
    expect(self.status).toBe(200)
    expect(self.headers['cache-control']).toBe('no-store')
    const household = await api.call(getOwnHousehold, { as: user })
    expect(household.headers['cache-control']).toBe('no-store')
    const about = await api.call(getAppInfo)
    expect(about.headers['cache-control']).not.toBe('no-store')
    // An image keeps its own caching even for a signed-in caller.
    const avatar = await api.call(getUserImage, { as: user, params: { id: user.id, fileName: 'profile.webp' } })
    expect(avatar.headers['cache-control']).toMatch(/^public/)
  })
})
