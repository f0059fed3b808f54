import { adminCreatePasswordResetToken, forgotPassword, resetPassword } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp } from '../../../test/test-app.js'

describe('password reset', () => {
  it('mails a link that sets a new password, lifts a lock and works once', async () => {
    const smtp = await startSmtpTestServer()
    const { api, make, sql, signIn } = await createTestApp({ ...smtp.environment, BASE_URL: 'https://larder.example' })
    const user = await make.user({ email: 'forgetful@example.com' })
    await sql`update users set failed_login_attempts = 5, locked_at = now() where id = ${user.id}`

    const asked = await api.call(forgotPassword, { body: { email: 'Forgetful@Example.com' } })
    expect(asked.status).toBe(200)
    expect(asked.body).toBeNull()
    expect(asked.text).toBe('null')
    const link = smtp.linkTo('forgetful@example.com', 'https://larder.example/reset-password?token=')
    expect(link).not.toBeNull()
    const token = new URL(link!).searchParams.get('token')!

    const reset = await api.call(resetPassword, {
      body: { token, email: user.email, password: 'a fresh password', passwordConfirm: 'a fresh password' },
    })
    expect(reset.status).toBe(200)
    // The new password signs in, though the account was locked.
    await expect(signIn(user.email, 'a fresh password')).resolves.toBeTruthy()

    const reused = await api.call(resetPassword, {
      body: { token, password: 'another password', passwordConfirm: 'another password' },
    })
    expect(reused.status).toBe(400)
    expect(reused.body).toMatchObject({ detail: { message: 'Invalid token' } })
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const smtp = await startSmtpTestServer()
    const { api } = await createTestApp(smtp.environment)
    const response = await api.call(forgotPassword, { body: { email: 'nobody@example.com' } })
    expect(response.status).toBe(200)
    expect(smtp.mails).toHaveLength(0)
  })

  it('sends nothing to accounts that sign in elsewhere', async () => {
    const smtp = await startSmtpTestServer()
    const { api, make } = await createTestApp(smtp.environment)
    const user = await make.user({ authMethod: 'LDAP' })
    await api.call(forgotPassword, { body: { email: user.email } })
    expect(smtp.mails).toHaveLength(0)
  })

  it('refuses mismatched or short passwords and forged tokens without changing anything', async () => {
    const { api } = await createTestApp()
    const mismatch = await api.call(resetPassword, {
      body: { token: 'x', password: 'long enough one', passwordConfirm: 'long enough two' },
    })
    expect(mismatch.status).toBe(422)
    const forged = await api.call(resetPassword, {
      body: { token: 'forged', password: 'long enough one', passwordConfirm: 'long enough one' },
    })
    expect(forged.status).toBe(400)
  })

  it('lets an administrator make a reset token without a mail', async () => {
    const { api, make, signIn } = await createTestApp()
    const admin = await make.user({ admin: true })
    const user = await make.user()
    const { token } = await api.ok(adminCreatePasswordResetToken, { as: admin, body: { email: user.email } })
    const reset = await api.call(resetPassword, {
      body: { token, password: 'set by admin link', passwordConfirm: 'set by admin link' },
    })
    expect(reset.status).toBe(200)
    // The password set through the link is the one that signs in.
    await expect(signIn(user.email, 'set by admin link')).resolves.toBeTruthy()
  })
})
