import {
  changePassword,
  createApiToken,
  deleteApiToken,
  getSelf,
  getUser,
  getUserImage,
  updateUser,
  uploadAvatar,
  type UserOut,
} from '@larder/contracts'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

function profileBody(self: UserOut, changes: Partial<UserOut> = {}) {
  return { ...self, ...changes }
}

describe('profile', () => {
  it('lets a member change their own name, username and email', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const self = await api.ok(getSelf, { as: user })
    const response = await api.call(updateUser, {
      as: user,
      params: { id: user.id },
      body: profileBody(self, { fullName: 'Ada Lovelace', username: 'ada', email: 'ADA@Example.com' }),
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'User updated', error: false })
    const after = await api.ok(getSelf, { as: user })
    expect(after).toMatchObject({ fullName: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' })
  })

  it('refuses a member who raises their own permissions or moves household, and changes nothing', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const self = await api.ok(getSelf, { as: user })
    for (const changes of [
      { canManage: true },
      { admin: true },
      { household: 'Elsewhere' },
      { authMethod: 'LDAP' as const },
    ]) {
      const response = await api.call(updateUser, {
        as: user,
        params: { id: user.id },
        body: profileBody(self, { ...changes, fullName: 'Changed' }),
      })
      expect(response.status).toBe(403)
    }
    const after = await api.ok(getSelf, { as: user })
    expect(after).toMatchObject({ fullName: self.fullName, canManage: false, admin: false })
  })

  it("refuses to edit someone else's profile, and answers 409 on a taken email", async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const other = await make.user({ householdId: user.householdId })
    const self = await api.ok(getSelf, { as: user })
    const foreign = await api.call(updateUser, {
      as: user,
      params: { id: other.id },
      body: profileBody(self, { id: other.id }),
    })
    expect(foreign.status).toBe(403)
    const taken = await api.call(updateUser, {
      as: user,
      params: { id: user.id },
      body: profileBody(self, { email: other.email }),
    })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ detail: { message: 'This email is already in use' } })
  })

  it('answers 422 for a malformed email or a bad id, and 404 JSON for an unknown user', async () => {
    const { api, make } = await createTestApp({})
    const user = await make.user({ admin: true })
    const self = await api.ok(getSelf, { as: user })
    const badEmail = await api.call(updateUser, {
      as: user,
      params: { id: user.id },
      body: profileBody(self, { email: 'not-an-email' }),
    })
    expect(badEmail.status).toBe(422)
    const badId = await api.call(updateUser, { as: user, params: { id: 'xyz' }, body: self })
    expect(badId.status).toBe(422)
    expect(badId.body).toMatchObject({ detail: [{ loc: ['path', 'id'] }] })
    const unknown = await api.call(updateUser, {
      as: user,
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: self,
    })
    expect(unknown.status).toBe(404)
  })
})

describe('password change', () => {
  it('checks the current password and ends every earlier session', async () => {
    const { api, make, signIn } = await createTestApp()
    const user = await make.user()
    const earlier = api.session(user)
    const wrong = await api.call(changePassword, {
      as: earlier,
      body: { currentPassword: 'not it', newPassword: 'a brand new secret' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ detail: { message: 'Invalid current password' } })

    const tooShort = await api.call(changePassword, {
      as: earlier,
      body: { currentPassword: user.password, newPassword: 'short' },
    })
    expect(tooShort.status).toBe(422)

    await new Promise((resolve) => setTimeout(resolve, 1100)) // the old token must be from an earlier second
    const changed = await api.call(changePassword, {
      as: earlier,
      body: { currentPassword: user.password, newPassword: 'a brand new secret' },
    })
    expect(changed.status).toBe(200)
    expect((await api.call(getSelf, { as: earlier })).status).toBe(401)
    // The new password is the one that signs in now.
    const fresh = await signIn(user.email, 'a brand new secret')
    expect((await api.call(getSelf, { as: fresh })).status).toBe(200)
  })
})

describe('API tokens', () => {
  it('shows the secret once, works as a bearer token, is listed without its secret, and dies when revoked', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user({ advanced: true })
    const { token, id, name } = await api.ok(createApiToken, { as: user, body: { name: 'Home Assistant' } })
    expect(name).toBe('Home Assistant')
    const self = await api.call(getSelf, { as: { token } })
    expect(self.status).toBe(200)
    expect((self.body as UserOut).tokens).toEqual([{ id, name: 'Home Assistant', createdAt: expect.any(String) }])
    expect(self.text).not.toContain(token)

    const revoked = await api.ok(deleteApiToken, { as: user, params: { tokenId: String(id) } })
    expect(revoked).toEqual({ tokenDelete: 'Home Assistant' })
    expect((await api.call(getSelf, { as: { token } })).status).toBe(401)
  })

  it('needs the advanced switch to create one, and hides other people’s tokens', async () => {
    const { api, make, sql } = await createTestApp()
    const plain = await make.user()
    const refused = await api.call(createApiToken, { as: plain, body: { name: 'x' } })
    expect(refused.status).toBe(403)
    const owner = await make.user({ advanced: true })
    const { id } = await api.ok(createApiToken, { as: owner, body: { name: 'mine' } })
    const stranger = await make.user({ advanced: true })
    const deleted = await api.call(deleteApiToken, { as: stranger, params: { tokenId: String(id) } })
    expect(deleted.status).toBe(404)
    const [row] = await sql`select count(*)::int as count from api_tokens`
    expect(row?.count).toBe(1)
  })
})

describe('profile picture', () => {
  it('stores any readable image as WebP and serves it publicly with a new cache key', async () => {
    const { app, api, make } = await createTestApp({ DATA_DIR: `/tmp/larder-avatar-test-${process.pid}` })
    const user = await make.user()
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
    // Multipart bodies are raw bytes: the uploads go out by hand.
    const upload = (body: Buffer | string) =>
      app.inject({
        method: uploadAvatar.method,
        url: `/api/users/${user.id}/image`,
        headers: {
          authorization: api.authorization(user),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      })
    expect((await upload(payload)).statusCode).toBe(200)
    const self = await api.ok(getSelf, { as: user })
    expect(self.cacheKey).not.toBe('1234')
    const image = await api.call(getUserImage, { params: { id: user.id, fileName: 'profile.webp' } })
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect((await sharp(image.bytes).metadata()).format).toBe('webp')

    const notImage = await upload(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="x.png"\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
    )
    expect(notImage.statusCode).toBe(415)
    const traversal = await api.call(getUserImage, { params: { id: user.id, fileName: '../../secret' } })
    expect(traversal.status).toBe(404)
  })
})

describe('reading a profile by id', () => {
  it("answers your own, refuses someone else's, and lets an administrator read anyone's", async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const other = await make.user({ householdId: user.householdId })
    expect((await api.ok(getUser, { as: user, params: { id: user.id } })).id).toBe(user.id)
    expect((await api.call(getUser, { as: user, params: { id: other.id } })).status).toBe(403)
    const admin = await make.user({ admin: true })
    expect((await api.ok(getUser, { as: admin, params: { id: other.id } })).id).toBe(other.id)
  })
})
