import { createApiToken, getSelf, refreshToken, refreshTokenByPost, signOut } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('sessions', () => {
  it('refuses to refresh an API token, so no session outlives the token', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user({ advanced: true })
    const { token } = await api.ok(createApiToken, { as: user, body: { name: 'script' } })
    const viaToken = { token }

    for (const endpoint of [refreshToken, refreshTokenByPost]) {
      const refreshed = await api.call(endpoint, { as: viaToken })
      expect(refreshed.status).toBe(401)
      expect(refreshed.body).toMatchObject({ detail: { message: expect.stringMatching(/Only a sign-in session can/) } })
    }
    // The token itself still works until it is revoked.
    expect((await api.call(getSelf, { as: viaToken })).status).toBe(200)
  })

  it('ends the session it is called with for good, by bearer token and by cookie, and no other', async () => {
    const { api, make, signIn } = await createTestApp()
    const user = await make.user()
    const first = await signIn(user.email, user.password)
    // Signed in again within the same second: still a session of its own.
    const second = await signIn(user.email, user.password)
    expect(second.token).not.toBe(first.token)

    expect((await api.call(signOut, { as: first })).status).toBe(200)
    const byBearer = { as: first }
    const byCookie = { cookies: { 'mealie.access_token': first.token } }
    for (const credentials of [byBearer, byCookie]) {
      expect((await api.call(getSelf, credentials)).status).toBe(401)
      expect((await api.call(refreshToken, credentials)).status).toBe(401)
    }
    expect((await api.call(getSelf, { as: second })).status).toBe(200)
  })

  it('gives a refreshed session its own life: signing out of the old one leaves the new one', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const old = api.session(user)
    const fresh = { token: (await api.ok(refreshToken, { as: old })).access_token }
    await api.ok(signOut, { as: old })
    expect((await api.call(getSelf, { as: old })).status).toBe(401)
    expect((await api.call(getSelf, { as: fresh })).status).toBe(200)
  })

  it('signs the test client’s sessions as signing in does: the same claims, revocable one by one', async () => {
    const { app, api, make, signIn } = await createTestApp()
    const user = await make.user()
    const claimsOf = (token: string) => app.jwt.decode<Record<string, unknown>>(token) ?? {}
    const signedIn = claimsOf((await signIn(user.email, user.password)).token)
    const signed = claimsOf(api.session(user).token)
    expect(Object.keys(signed).sort()).toEqual(Object.keys(signedIn).sort())
    expect(signed.sub).toBe(signedIn.sub)
    expect(Number(signed.exp) - Number(signed.iat)).toBe(Number(signedIn.exp) - Number(signedIn.iat))

    const ended = api.session(user)
    await api.ok(signOut, { as: ended })
    expect((await api.call(getSelf, { as: ended })).status).toBe(401)
    expect((await api.call(getSelf, { as: user })).status).toBe(200)
  })
})
