import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { changePassword, getSelf, signIn } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { tokenStorage } from '@/api/token-storage'
import { session } from '@/features/auth/app-session'
import { fakeServer } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { ChangePasswordForm } from './ChangePasswordForm'

const person = makeUser({ id: '00000000-0000-4000-8000-000000000021', username: 'kim', email: 'kim@example.com' })

async function submitChange(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Current password/), 'old password')
  await user.type(screen.getByTestId('new-password'), 'brand new secret')
  await user.type(screen.getByTestId('new-password-confirm'), 'brand new secret')
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('changing the password', { timeout: 15_000 }, () => {
  it('signs in again with the email and the new password, and keeps the fresh token', async () => {
    tokenStorage.write('old-session')
    const server = fakeServer()
      .answer(changePassword, { body: { message: 'Password updated', error: false } })
      .answer(signIn, { body: { access_token: 'fresh-session', token_type: 'bearer' } })
      .answer(getSelf, { body: person })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<ChangePasswordForm user={person} />)
    await submitChange(user)

    await waitFor(() => expect(tokenStorage.read()).toBe('fresh-session'))
    const order = server.requests.map((request) => `${request.method} ${request.path}`)
    expect(order.indexOf('PUT /api/users/password')).toBeLessThan(order.indexOf('POST /api/auth/token'))
    expect(server.calls(changePassword)[0]!.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'brand new secret',
    })
    expect(server.calls(signIn)[0]!.body).toMatchObject({
      username: 'kim@example.com',
      password: 'brand new secret',
    })
    expect(session.store.get().status).toBe('authenticated')
  })

  it('shows the server’s reason and does not sign in when the current password is wrong', async () => {
    const server = fakeServer().answer(changePassword, {
      status: 400,
      body: { detail: { message: 'Invalid current password', error: true, exception: null } },
    })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<ChangePasswordForm user={person} />)
    await submitChange(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid current password')
    expect(server.calls(signIn)).toHaveLength(0)
  })
})
