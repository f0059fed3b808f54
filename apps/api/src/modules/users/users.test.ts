import { UserOut } from '@larder/contracts'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

async function signedIn(testApp: TestApp, flags: Parameters<TestApp['make']['user']>[0] = {}) {
  const user = await testApp.make.user(flags)
  const { authorization } = await testApp.signIn(user.email, user.password)
  return { user, headers: { authorization } }
}

function profileBody(self: UserOut, changes: Partial<UserOut> = {}) {
  return { ...self, ...changes }
}

describe('profile', () => {
  it('lets a member change their own name, username and email', async () => {
    const testApp = await createTestApp()
    const { user, headers } = await signedIn(testApp)
    const self = UserOut.parse((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json())
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: profileBody(self, { fullName: 'Ada Lovelace', username: 'ada', email: 'ADA@Example.com' }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'User updated', error: false })
    const after = (await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json()
    expect(after).toMatchObject({ fullName: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' })
  })

  it('refuses a member who raises their own permissions or moves household, and changes nothing', async () => {
    const testApp = await createTestApp()
    const { user, headers } = await signedIn(testApp)
    const self = UserOut.parse((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json())
    for (const changes of [
      { canManage: true },
      { admin: true },
      { household: 'Elsewhere' },
      { authMethod: 'LDAP' as const },
    ]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers,
        payload: profileBody(self, { ...changes, fullName: 'Changed' }),
      })
      expect(response.statusCode).toBe(403)
    }
    const after = (await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json()
    expect(after).toMatchObject({ fullName: self.fullName, canManage: false, admin: false })
  })

  it("refuses to edit someone else's profile, and answers 409 on a taken email", async () => {
    const testApp = await createTestApp()
    const { user, headers } = await signedIn(testApp)
    const other = await testApp.make.user({ householdId: user.householdId })
    const self = UserOut.parse((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json())
    const foreign = await testApp.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers,
      payload: profileBody(self, { id: other.id }),
    })
    expect(foreign.statusCode).toBe(403)
    const taken = await testApp.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: profileBody(self, { email: other.email }),
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail.message).toBe('This email is already in use')
  })

  it('answers 422 for a malformed email or a bad id, and 404 JSON for an unknown user', async () => {
    const testApp = await createTestApp({})
    const { user, headers } = await signedIn(testApp, { admin: true })
    const self = UserOut.parse((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json())
    const badEmail = await testApp.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: profileBody(self, { email: 'not-an-email' }),
    })
    expect(badEmail.statusCode).toBe(422)
    const badId = await testApp.app.inject({ method: 'PUT', url: '/api/users/xyz', headers, payload: self })
    expect(badId.statusCode).toBe(422)
    expect(badId.json().detail[0].loc).toEqual(['path', 'id'])
    const unknown = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers,
      payload: self,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('password change', () => {
  it('checks the current password and ends every earlier session', async () => {
    const testApp = await createTestApp()
    const { user, headers } = await signedIn(testApp)
    const wrong = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: 'not it', newPassword: 'a brand new secret' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().detail.message).toBe('Invalid current password')

    const tooShort = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: user.password, newPassword: 'short' },
    })
    expect(tooShort.statusCode).toBe(422)

    await new Promise((resolve) => setTimeout(resolve, 1100)) // the old token must be from an earlier second
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: user.password, newPassword: 'a brand new secret' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).statusCode).toBe(401)
    const fresh = await testApp.signIn(user.email, 'a brand new secret')
    const self = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/self',
      headers: { authorization: fresh.authorization },
    })
    expect(self.statusCode).toBe(200)
  })
})

describe('API tokens', () => {
  it('shows the secret once, works as a bearer token, is listed without its secret, and dies when revoked', async () => {
    const testApp = await createTestApp()
    const { headers } = await signedIn(testApp, { advanced: true })
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/api-tokens',
      headers,
      payload: { name: 'Home Assistant' },
    })
    expect(created.statusCode).toBe(201)
    const { token, id, name } = created.json()
    expect(name).toBe('Home Assistant')
    const withToken = { authorization: `Bearer ${token}` }
    const self = await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers: withToken })
    expect(self.statusCode).toBe(200)
    expect(self.json().tokens).toEqual([{ id, name: 'Home Assistant', createdAt: expect.any(String) }])
    expect(self.body).not.toContain(token)

    const revoked = await testApp.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${id}`, headers })
    expect(revoked.json()).toEqual({ tokenDelete: 'Home Assistant' })
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers: withToken })).statusCode).toBe(
      401,
    )
  })

  it('needs the advanced switch to create one, and hides other people’s tokens', async () => {
    const testApp = await createTestApp()
    const plain = await signedIn(testApp)
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/api-tokens',
      headers: plain.headers,
      payload: { name: 'x' },
    })
    expect(refused.statusCode).toBe(403)
    const owner = await signedIn(testApp, { advanced: true })
    const { id } = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/users/api-tokens',
        headers: owner.headers,
        payload: { name: 'mine' },
      })
    ).json()
    const stranger = await signedIn(testApp, { advanced: true })
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/users/api-tokens/${id}`,
      headers: stranger.headers,
    })
    expect(deleted.statusCode).toBe(404)
    const [row] = await testApp.sql`select count(*)::int as count from api_tokens`
    expect(row?.count).toBe(1)
  })
})

describe('profile picture', () => {
  it('stores any readable image as WebP and serves it publicly with a new cache key', async () => {
    const testApp = await createTestApp({ DATA_DIR: `/tmp/larder-avatar-test-${process.pid}` })
    const { user, headers } = await signedIn(testApp)
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#E58325' } })
      .png()
      .toBuffer()
    const boundary = 'avatar-boundary'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/image`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(upload.statusCode).toBe(200)
    const self = (await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers })).json()
    expect(self.cacheKey).not.toBe('1234')
    const image = await testApp.app.inject({ method: 'GET', url: `/api/media/users/${user.id}/profile.webp` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp')

    const notImage = await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/image`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="x.png"\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
    })
    expect(notImage.statusCode).toBe(415)
    const traversal = await testApp.app.inject({ method: 'GET', url: `/api/media/users/${user.id}/..%2F..%2Fsecret` })
    expect(traversal.statusCode).toBe(404)
  })
})

describe('reading a profile by id', () => {
  it("answers your own, refuses someone else's, and lets an administrator read anyone's", async () => {
    const testApp = await createTestApp()
    const { user, headers } = await signedIn(testApp)
    const other = await testApp.make.user({ householdId: user.householdId })
    const own = await testApp.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers })
    expect(UserOut.parse(own.json()).id).toBe(user.id)
    expect((await testApp.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers })).statusCode).toBe(403)
    const admin = await signedIn(testApp, { admin: true })
    const read = await testApp.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: admin.headers })
    expect(read.json().id).toBe(other.id)
  })
})
