import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lookUpInvitation, registerUser, validateEmail, validateGroupName, validateUsername } from '@larder/contracts'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer, type FakeRequest } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { RegisterWizard } from './RegisterWizard'

function freeUnless(taken: string[]) {
  return ({ search }: FakeRequest) => ({
    body: { valid: !taken.includes(search.get('name') ?? search.get('email') ?? '') },
  })
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>, values: { username: string; password2?: string }) {
  await user.type(screen.getByLabelText(/^Username/), values.username)
  await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace')
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com')
  await user.type(screen.getByTestId('register-password'), 'correct horse')
  await user.type(screen.getByTestId('register-password-confirm'), values.password2 ?? 'correct horse')
}

describe('the registration wizard', { timeout: 20_000 }, () => {
  it('creates a new group: checks availability as you type, refuses a taken username, then registers', async () => {
    const server = fakeServer()
      .answer(validateGroupName, freeUnless([]))
      .answer(validateUsername, freeUnless(['ada']))
      .answer(validateEmail, freeUnless([]))
      .answer(registerUser, { body: makeUser({ username: 'ada2' }) })
    const onRegistered = vi.fn()
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RegisterWizard initialToken="" allowSignup onRegistered={onRegistered} />)

    await user.type(screen.getByLabelText(/^Group name/), 'Lovelace Kitchen')
    await waitFor(() => expect(server.calls(validateGroupName)).not.toHaveLength(0))
    expect(server.calls(validateGroupName).at(-1)!.search.get('name')).toBe('Lovelace Kitchen')
    await user.click(screen.getByTestId('register-next'))

    await fillAccount(user, { username: 'ada' })
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument()
    await user.click(screen.getByTestId('register-next'))
    // Still on the account step: the taken name blocks it.
    expect(screen.queryByTestId('register-summary')).not.toBeInTheDocument()

    await user.clear(screen.getByLabelText(/^Username/))
    await user.type(screen.getByLabelText(/^Username/), 'ada2')
    await waitFor(() => expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByLabelText('Available', { selector: 'svg' })).toBeInTheDocument(), {
      timeout: 2000,
    })
    await user.click(screen.getByTestId('register-next'))
    expect(await screen.findByTestId('register-summary')).toHaveTextContent('Lovelace Kitchen')

    await user.click(screen.getByTestId('register-submit'))
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada@example.com'))
    expect(server.calls(registerUser)[0]!.body).toMatchObject({
      group: 'Lovelace Kitchen',
      username: 'ada2',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
      passwordConfirm: 'correct horse',
      private: false,
      advanced: false,
    })
  })

  it('joins with the invitation token from the link, naming the household and group, and never asks for a group', async () => {
    const server = fakeServer()
      .answer(lookUpInvitation, { body: { group: 'Lovelace Family', household: 'Upstairs Flat' } })
      .answer(validateUsername, freeUnless([]))
      .answer(validateEmail, freeUnless([]))
      .answer(registerUser, { body: makeUser({ username: 'grace' }) })
    const onRegistered = vi.fn()
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RegisterWizard initialToken="invite-123" allowSignup={false} onRegistered={onRegistered} />)

    // The token skips straight to the account details, which say what the invitation joins.
    expect(await screen.findByText('You are joining Upstairs Flat in Lovelace Family.')).toBeInTheDocument()
    expect(server.calls(lookUpInvitation)[0]!.search.get('token')).toBe('invite-123')
    await fillAccount(user, { username: 'grace' })
    await user.click(screen.getByTestId('register-next'))
    const summary = await screen.findByTestId('register-summary')
    expect(summary).toHaveTextContent('Lovelace Family')
    expect(summary).toHaveTextContent('Upstairs Flat')
    await user.click(screen.getByTestId('register-submit'))
    await waitFor(() => expect(onRegistered).toHaveBeenCalled())
    const body = server.calls(registerUser)[0]!.body
    expect(body.groupToken).toBe('invite-123')
    expect(body.group).toBeUndefined()
  })

  it('says plainly that an invitation link is not valid, and registers nothing with it', async () => {
    const server = fakeServer()
      .answer(lookUpInvitation, {
        status: 404,
        body: {
          detail: {
            message: 'This invitation is not valid: it may have expired or been used already',
            error: true,
            exception: null,
          },
        },
      })
      .answer(validateUsername, freeUnless([]))
      .answer(validateEmail, freeUnless([]))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RegisterWizard initialToken="spent-token" allowSignup={false} onRegistered={() => {}} />)

    expect(await screen.findByText(/^This invitation is not valid/)).toBeInTheDocument()
    expect(screen.queryByText(/You are joining/)).not.toBeInTheDocument()
    await fillAccount(user, { username: 'grace' })
    await user.click(screen.getByTestId('register-next'))
    await user.click(await screen.findByTestId('register-submit'))
    // Back at the code, which is marked; nothing was sent.
    const code = await screen.findByLabelText(/^Invitation code/)
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(code).toHaveAccessibleDescription(/This invitation is not valid/)
    expect(server.calls(registerUser)).toHaveLength(0)
  })

  it('refuses mismatched passwords and an invalid email before anything is sent', async () => {
    const server = fakeServer().answer(validateUsername, freeUnless([])).answer(validateEmail, freeUnless([]))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RegisterWizard initialToken="t" allowSignup onRegistered={() => {}} />)
    await fillAccount(user, { username: 'alan', password2: 'different one' })
    await user.clear(screen.getByLabelText(/^Email/))
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email')
    await user.click(screen.getByTestId('register-next'))
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.queryByTestId('register-summary')).not.toBeInTheDocument()
    expect(server.calls(registerUser)).toHaveLength(0)
  })

  it('offers creating a group only when sign-up is open', async () => {
    fakeServer()
    await renderWithApp(<RegisterWizard initialToken="" allowSignup={false} onRegistered={() => {}} />)
    expect(screen.getByRole('radio', { name: /Create a new group/ })).toBeDisabled()
    expect(screen.getByText(/invite-only/)).toBeInTheDocument()
  })
})
