import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp } from '../../../test/test-app.js'

describe('password reset', () => {
  it('mails a link that sets a new password, lifts a lock and works once', async () => {
    const smtp = await startSmtpTestServer()
    const { app, make, sql, signIn } = await createTestApp({ ...smtp.environment, BASE_URL: 'https://larder.example' })
    const user = await make.user({ email: 'forgetful@example.com' })
    await sql`update users set failed_login_attempts = 5, locked_at = now() where id = ${user.id}`

    const asked = await app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'Forgetful@Example.com' },
    })
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toBeNull()
    const link = smtp.linkTo('forgetful@example.com', 'https://larder.example/reset-password?token=')
    expect(link).not.toBeNull()
    const token = new URL(link!).searchParams.get('token')!

    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, email: user.email, password: 'a fresh password', passwordConfirm: 'a fresh password' },
    })
    expect(reset.statusCode).toBe(200)
    await expect(signIn(user.email, 'a fresh password')).resolves.toBeTruthy()

    const reused = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'another password', passwordConfirm: 'another password' },
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().detail.message).toBe('Invalid token')
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const smtp = await startSmtpTestServer()
    const { app } = await createTestApp(smtp.environment)
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'nobody@example.com' },
    })
    expect(response.statusCode).toBe(200)
    expect(smtp.mails).toHaveLength(0)
  })

  it('sends nothing to accounts that sign in elsewhere', async () => {
    const smtp = await startSmtpTestServer()
    const { app, make } = await createTestApp(smtp.environment)
    const user = await make.user({ authMethod: 'LDAP' })
    await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } })
    expect(smtp.mails).toHaveLength(0)
  })

  it('refuses mismatched or short passwords and forged tokens without changing anything', async () => {
    const { app } = await createTestApp()
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'x', password: 'long enough one', passwordConfirm: 'long enough two' },
    })
    expect(mismatch.statusCode).toBe(422)
    const forged = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'forged', password: 'long enough one', passwordConfirm: 'long enough one' },
    })
    expect(forged.statusCode).toBe(400)
  })

  it('lets an administrator make a reset token without a mail', async () => {
    const { app, make, signIn } = await createTestApp()
    const admin = await make.user({ admin: true })
    const user = await make.user()
    const { authorization } = await signIn(admin.email, admin.password)
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/users/password-reset-token',
      headers: { authorization },
      payload: { email: user.email },
    })
    expect(response.statusCode).toBe(201)
    const { token } = response.json()
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'set by admin link', passwordConfirm: 'set by admin link' },
    })
    expect(reset.statusCode).toBe(200)
    await expect(signIn(user.email, 'set by admin link')).resolves.toBeTruthy()
  })
})
