import { TokenResponse } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('sessions', () => {
  it('refuses to refresh an API token, so no session outlives the token', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user({ advanced: true })
    const { authorization } = await signIn(user.email, user.password)
    const created = await app.inject({
      method: 'POST',
      url: '/api/users/api-tokens',
      headers: { authorization },
      payload: { name: 'script' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const apiToken = created.json<{ token: string }>().token
    const viaToken = { authorization: `Bearer ${apiToken}` }

    for (const method of ['GET', 'POST'] as const) {
      const refreshed = await app.inject({ method, url: '/api/auth/refresh', headers: viaToken })
      expect(refreshed.statusCode).toBe(401)
      expect(refreshed.json().detail.message).toMatch(/Only a sign-in session can be refreshed/)
    }
    // The token itself still works until it is revoked.
    expect((await app.inject({ method: 'GET', url: '/api/users/self', headers: viaToken })).statusCode).toBe(200)
  })

  it('ends the session it is called with for good, by bearer token and by cookie, and no other', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user()
    const first = await signIn(user.email, user.password)
    // Signed in again within the same second: still a session of its own.
    const second = await signIn(user.email, user.password)
    expect(second.token).not.toBe(first.token)

    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: first.authorization },
    })
    expect(signedOut.statusCode).toBe(200)
    for (const headers of [{ authorization: first.authorization }, { cookie: `mealie.access_token=${first.token}` }]) {
      const after = await app.inject({ method: 'GET', url: '/api/users/self', headers })
      expect(after.statusCode).toBe(401)
      const refreshed = await app.inject({ method: 'GET', url: '/api/auth/refresh', headers })
      expect(refreshed.statusCode).toBe(401)
    }
    const other = await app.inject({
      method: 'GET',
      url: '/api/users/self',
      headers: { authorization: second.authorization },
    })
    expect(other.statusCode).toBe(200)
  })

  it('gives a refreshed session its own life: signing out of the old one leaves the new one', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user()
    const { authorization } = await signIn(user.email, user.password)
    const refreshed = await app.inject({ method: 'GET', url: '/api/auth/refresh', headers: { authorization } })
    const fresh = `Bearer ${TokenResponse.parse(refreshed.json()).access_token}`
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } })
    expect((await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })).statusCode).toBe(
      401,
    )
    const self = await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: fresh } })
    expect(self.statusCode).toBe(200)
  })
})
