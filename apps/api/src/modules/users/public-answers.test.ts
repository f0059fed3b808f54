import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('answers that must not leak', () => {
  it('rate-limits the availability checks, which tell whether an account exists', async () => {
    const { app } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '1' })
    const check = (url: string) => app.inject({ method: 'GET', url })
    for (const url of [
      '/api/validators/user/name?name=someone',
      '/api/validators/user/email?email=someone%40example.com',
      '/api/validators/group?name=Kitchen',
    ]) {
      for (let count = 0; count < 3; count += 1) expect((await check(url)).statusCode, url).toBe(200)
      const limited = await check(url)
      expect(limited.statusCode, url).toBe(429)
      expect(limited.json().detail.message).toMatch(/Too many requests/)
    }
  })

  it('marks JSON answered to a signed-in caller no-store, and leaves public answers cacheable', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user()
    const { authorization } = await signIn(user.email, user.password)
    const self = await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })
    expect(self.statusCode).toBe(200)
    expect(self.headers['cache-control']).toBe('no-store')
    const household = await app.inject({ method: 'GET', url: '/api/households/self', headers: { authorization } })
    expect(household.headers['cache-control']).toBe('no-store')
    const about = await app.inject({ method: 'GET', url: '/api/app/about' })
    expect(about.headers['cache-control']).not.toBe('no-store')
    // An image keeps its own caching even for a signed-in caller.
    const avatar = await app.inject({
      method: 'GET',
      url: `/api/media/users/${user.id}/profile.webp`,
      headers: { authorization },
    })
    expect(avatar.headers['cache-control']).toMatch(/^public/)
  })
})
