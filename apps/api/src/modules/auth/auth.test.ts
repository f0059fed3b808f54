import { forgotPassword, getSelf, refreshToken, refreshTokenByPost, signIn, signOut } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

function multipart(fields: Record<string, string>) {
  const boundary = '----larder-test-boundary'
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const match = all.find((cookie) => cookie.startsWith(`${name}=`))
  return match?.split(';')[0]?.slice(name.length + 1)
}

describe('password sign-in', () => {
  it('accepts a form-encoded username in any case and answers a bearer token with session cookies', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user({ username: 'Pat' })
    const response = await api.call(signIn, { form: { username: 'PAT', password: user.password, remember_me: 'true' } })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ token_type: 'bearer' })
    const setCookie = response.headers['set-cookie']
    expect(String(setCookie)).toMatch(/mealie\.access_token=[^;]+; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax/)
    expect(cookieValue(setCookie, 'XSRF-TOKEN')).toBeTruthy()
  })

  it('accepts multipart form data as the web client sends it, and an email as the login', async () => {
    // Multipart is raw bytes to the typed client: this one goes out by hand.
    const { app, make } = await createTestApp()
    const user = await make.user({ email: 'cook@example.com' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...multipart({ username: 'Cook@Example.com', password: user.password, remember_me: 'false' }),
    })
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=172800')
  })

  it('accepts JSON as well', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const response = await api.call(signIn, { body: { username: user.username!, password: user.password } })
    expect(response.status).toBe(200)
  })

  it('refuses a wrong password and an unknown user alike, with a message for a person', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    for (const username of [user.username!, 'nobody-here']) {
      const response = await api.call(signIn, { form: { username, password: 'wrong password' } })
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        detail: { message: 'Wrong username, email or password', error: true, exception: null },
      })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('locks an account after five wrong passwords, refusing even the right one with 423', async () => {
    const { api, make, sql } = await createTestApp()
    const user = await make.user()
    const attempt = (password: string) => api.call(signIn, { form: { username: user.username!, password } })
    for (let count = 1; count <= 5; count += 1) expect((await attempt('nope')).status).toBe(401)
    const lockedOut = await attempt(user.password)
    expect(lockedOut.status).toBe(423)
    expect(lockedOut.body).toMatchObject({ detail: { message: expect.stringMatching(/locked/) } })

    await sql`update users set locked_at = now() - interval '25 hours' where id = ${user.id}`
    expect((await attempt(user.password)).status).toBe(200)
  })

  it('refuses password sign-in when ALLOW_PASSWORD_LOGIN is off', async () => {
    const { api, make } = await createTestApp({ ALLOW_PASSWORD_LOGIN: 'false' })
    const user = await make.user()
    const response = await api.call(signIn, { form: { username: user.username!, password: user.password } })
    expect(response.status).toBe(401)
  })

  it('rejects credentials of the wrong type with 422 in FastAPI shape', async () => {
    // Deliberately not what the contract's input type allows: sent by hand.
    const { app } = await createTestApp()
    const response = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { username: ['x'] } })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'username'], type: 'invalid_type' })
  })
})

describe('session', () => {
  it('reads the signed-in user by bearer token or by cookie', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user({ canOrganize: true })
    const self = await api.ok(getSelf, { as: user })
    expect(self).toMatchObject({ id: user.id, canOrganize: true, canManage: false, admin: false })
    expect(self).not.toHaveProperty('password')
    expect(self).not.toHaveProperty('passwordHash')
    const byCookie = await api.ok(getSelf, { cookies: { 'mealie.access_token': api.session(user).token } })
    expect(byCookie.id).toBe(user.id)
  })

  it('answers 401 without credentials, with a forged token, and for a deleted user', async () => {
    const { api, make, sql } = await createTestApp()
    const user = await make.user()
    expect((await api.call(getSelf)).status).toBe(401)
    const forged = await api.call(getSelf, { as: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' } })
    expect(forged.status).toBe(401)
    expect(forged.headers['www-authenticate']).toBe('Bearer')
    const session = api.session(user)
    expect((await api.call(getSelf, { as: session })).status).toBe(200)
    await sql`delete from users where id = ${user.id}`
    expect((await api.call(getSelf, { as: session })).status).toBe(401)
  })

  it('refreshes a session by GET and by POST', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    for (const endpoint of [refreshToken, refreshTokenByPost]) {
      const fresh = (await api.ok(endpoint, { as: user })).access_token
      expect((await api.call(getSelf, { as: { token: fresh } })).status).toBe(200)
    }
  })

  it('signs out by clearing the cookies', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    const response = await api.call(signOut, { as: user })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'Logged out', error: false })
    expect(String(response.headers['set-cookie'])).toMatch(/mealie\.access_token=; Max-Age=0/)
  })
})

describe('XSRF protection of cookie sessions', () => {
  it('refuses a cookie-authenticated change without the matching X-XSRF-TOKEN header', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user()
    // The cookie pair comes from a real sign-in: the session cookie and the XSRF token it is paired with.
    const signedIn = await api.call(signIn, { form: { username: user.username!, password: user.password } })
    const cookies = {
      'mealie.access_token': cookieValue(signedIn.headers['set-cookie'], 'mealie.access_token')!,
      'XSRF-TOKEN': cookieValue(signedIn.headers['set-cookie'], 'XSRF-TOKEN')!,
    }
    const withoutHeader = await api.call(signOut, { cookies })
    expect(withoutHeader.status).toBe(403)
    expect(withoutHeader.body).toMatchObject({ detail: { message: expect.stringMatching(/XSRF/) } })
    const wrongHeader = await api.call(signOut, { cookies, headers: { 'x-xsrf-token': 'something-else' } })
    expect(wrongHeader.status).toBe(403)
    // Reads need no header.
    expect((await api.call(getSelf, { cookies })).status).toBe(200)
    const matching = await api.call(signOut, { cookies, headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] } })
    expect(matching.status).toBe(200)
  })
})

describe('rate limits', () => {
  it('answers 429 with a message once a client signs in too often, whatever the credentials', async () => {
    const { api, make } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '3' })
    const user = await make.user()
    const attempt = () => api.call(signIn, { form: { username: user.username!, password: user.password } })
    for (let count = 0; count < 3; count += 1) expect((await attempt()).status).toBe(200)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ detail: { error: true, message: expect.stringMatching(/Too many requests/) } })
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('limits registration and password-reset requests too', async () => {
    const { api } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '1' })
    const forgot = () => api.call(forgotPassword, { body: { email: 'a@example.com' } })
    expect((await forgot()).status).toBe(200)
    expect((await forgot()).status).toBe(429)
  })
})
