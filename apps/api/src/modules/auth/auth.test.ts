import { TokenResponse, UserOut } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

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
    const { app, make } = await createTestApp()
    const user = await make.user({ username: 'Pat' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: 'PAT', password: user.password, remember_me: 'true' }),
    })
    expect(response.statusCode).toBe(200)
    expect(TokenResponse.parse(response.json()).token_type).toBe('bearer')
    const setCookie = response.headers['set-cookie']
    expect(String(setCookie)).toMatch(/mealie\.access_token=[^;]+; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax/)
    expect(cookieValue(setCookie, 'XSRF-TOKEN')).toBeTruthy()
  })

  it('accepts multipart form data as the web client sends it, and an email as the login', async () => {
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
    const { app, make } = await createTestApp()
    const user = await make.user()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: user.username, password: user.password },
    })
    expect(response.statusCode).toBe(200)
  })

  it('refuses a wrong password and an unknown user alike, with a message for a person', async () => {
    const { app, make } = await createTestApp()
    const user = await make.user()
    for (const username of [user.username!, 'nobody-here']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username, password: 'wrong password' }),
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        detail: { message: 'Wrong username, email or password', error: true, exception: null },
      })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('locks an account after five wrong passwords, refusing even the right one with 423', async () => {
    const { app, make, sql } = await createTestApp()
    const user = await make.user()
    const attempt = (password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/token', ...form({ username: user.username!, password }) })
    for (let count = 1; count <= 5; count += 1) expect((await attempt('nope')).statusCode).toBe(401)
    const lockedOut = await attempt(user.password)
    expect(lockedOut.statusCode).toBe(423)
    expect(lockedOut.json().detail.message).toMatch(/locked/)

    await sql`update users set locked_at = now() - interval '25 hours' where id = ${user.id}`
    expect((await attempt(user.password)).statusCode).toBe(200)
  })

  it('refuses password sign-in when ALLOW_PASSWORD_LOGIN is off', async () => {
    const { app, make } = await createTestApp({ ALLOW_PASSWORD_LOGIN: 'false' })
    const user = await make.user()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: user.username!, password: user.password }),
    })
    expect(response.statusCode).toBe(401)
  })

  it('rejects credentials of the wrong type with 422 in FastAPI shape', async () => {
    const { app } = await createTestApp()
    const response = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { username: ['x'] } })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'username'], type: 'invalid_type' })
  })
})

describe('session', () => {
  it('reads the signed-in user by bearer token or by cookie', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user({ canOrganize: true })
    const { authorization, token } = await signIn(user.email, user.password)
    const byBearer = await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })
    expect(byBearer.statusCode).toBe(200)
    const self = UserOut.parse(byBearer.json())
    expect(self).toMatchObject({ id: user.id, canOrganize: true, canManage: false, admin: false })
    expect(self).not.toHaveProperty('password')
    expect(self).not.toHaveProperty('passwordHash')
    const byCookie = await app.inject({
      method: 'GET',
      url: '/api/users/self',
      cookies: { 'mealie.access_token': token },
    })
    expect(byCookie.json().id).toBe(user.id)
  })

  it('answers 401 without credentials, with a forged token, and for a deleted user', async () => {
    const { app, make, signIn, sql } = await createTestApp()
    const user = await make.user()
    expect((await app.inject({ method: 'GET', url: '/api/users/self' })).statusCode).toBe(401)
    const forged = await app.inject({
      method: 'GET',
      url: '/api/users/self',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.headers['www-authenticate']).toBe('Bearer')
    const { authorization } = await signIn(user.email, user.password)
    await sql`delete from users where id = ${user.id}`
    expect((await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })).statusCode).toBe(
      401,
    )
  })

  it('refreshes a session by GET and by POST', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user()
    const { authorization } = await signIn(user.email, user.password)
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/auth/refresh', headers: { authorization } })
      expect(response.statusCode).toBe(200)
      const fresh = TokenResponse.parse(response.json()).access_token
      const self = await app.inject({
        method: 'GET',
        url: '/api/users/self',
        headers: { authorization: `Bearer ${fresh}` },
      })
      expect(self.statusCode).toBe(200)
    }
  })

  it('signs out by clearing the cookies', async () => {
    const { app, make, signIn } = await createTestApp()
    const user = await make.user()
    const { authorization } = await signIn(user.email, user.password)
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out', error: false })
    expect(String(response.headers['set-cookie'])).toMatch(/mealie\.access_token=; Max-Age=0/)
  })
})

describe('XSRF protection of cookie sessions', () => {
  it('refuses a cookie-authenticated change without the matching X-XSRF-TOKEN header', async () => {
    const { app, make } = await createTestApp()
    const user = await make.user()
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: user.username!, password: user.password }),
    })
    const cookies = {
      'mealie.access_token': cookieValue(signIn.headers['set-cookie'], 'mealie.access_token')!,
      'XSRF-TOKEN': cookieValue(signIn.headers['set-cookie'], 'XSRF-TOKEN')!,
    }
    const withoutHeader = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies })
    expect(withoutHeader.statusCode).toBe(403)
    expect(withoutHeader.json().detail.message).toMatch(/XSRF/)
    const wrongHeader = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-xsrf-token': 'something-else' },
    })
    expect(wrongHeader.statusCode).toBe(403)
    // Reads need no header.
    expect((await app.inject({ method: 'GET', url: '/api/users/self', cookies })).statusCode).toBe(200)
    const matching = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] },
    })
    expect(matching.statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('answers 429 with a message once a client signs in too often, whatever the credentials', async () => {
    const { app, make } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '3' })
    const user = await make.user()
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: user.username!, password: user.password }),
      })
    for (let count = 0; count < 3; count += 1) expect((await attempt()).statusCode).toBe(200)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatchObject({ error: true, message: expect.stringMatching(/Too many requests/) })
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('limits registration and password-reset requests too', async () => {
    const { app } = await createTestApp({ SECURITY_AUTH_RATE_LIMIT: '1' })
    const forgot = () =>
      app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'a@example.com' } })
    expect((await forgot()).statusCode).toBe(200)
    expect((await forgot()).statusCode).toBe(429)
  })
})
