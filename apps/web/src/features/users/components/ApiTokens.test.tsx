import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApiToken, deleteApiToken, getSelf } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { session } from '@/features/auth/app-session'
import { fakeServer } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { ApiTokens } from './ApiTokens'

const owner = makeUser({ id: '00000000-0000-4000-8000-000000000011', username: 'dev', advanced: true })
const listed = { id: 7, name: 'Home Assistant', createdAt: '2026-01-02T03:04:05.000Z' }

describe('API tokens', { timeout: 15_000 }, () => {
  it('shows the secret once after creating a token, and never in the list', async () => {
    const server = fakeServer()
      .answer(createApiToken, { body: { token: 'secret-value-xyz', ...listed } })
      .answer(getSelf, { body: { ...owner, tokens: [listed] } })
    const user = userEvent.setup({ delay: null })
    const view = await renderWithApp(<ApiTokens user={owner} />)

    await user.type(screen.getByLabelText('Token name'), 'Home Assistant')
    await user.click(screen.getByRole('button', { name: 'Generate' }))

    expect(await screen.findByTestId('api-token-secret')).toHaveValue('secret-value-xyz')
    expect(server.calls(createApiToken)[0]!.body).toEqual({ name: 'Home Assistant' })

    // The list comes from the user (as the session refreshes it); it never carries the secret.
    view.rerender(<ApiTokens user={{ ...owner, tokens: [listed] }} />)
    await user.click(screen.getByRole('button', { name: 'I have copied it' }))
    await waitFor(() => expect(screen.queryByTestId('api-token-secret')).not.toBeInTheDocument())
    expect(document.body.textContent).not.toContain('secret-value-xyz')
    expect(screen.getByRole('listitem')).toHaveTextContent('Home Assistant')
  })

  it('revokes a token only after confirmation', async () => {
    const server = fakeServer()
      .answer(deleteApiToken, { body: { tokenDelete: 'Home Assistant' } })
      .answer(getSelf, { body: { ...owner, tokens: [] } })
    act(() => session.store.set({ status: 'authenticated', user: { ...owner, tokens: [listed] } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<ApiTokens user={{ ...owner, tokens: [listed] }} />)

    await user.click(screen.getByRole('button', { name: 'Revoke Home Assistant' }))
    expect(await screen.findByText(/stops working at once/)).toBeInTheDocument()
    expect(server.calls(deleteApiToken)).toHaveLength(0)
    await user.click(screen.getByTestId('confirm-action'))
    await waitFor(() => expect(server.calls(deleteApiToken).map((call) => call.params.tokenId)).toEqual(['7']))
  })
})
