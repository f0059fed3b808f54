import { createInvitation, emailInvitation, getAppInfo, type AppInfo } from '@larder/contracts'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { appInfo } from '@/api/app-facts'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { InvitePanel } from './InvitePanel'

const info = (enableEmail: boolean): AppInfo => ({
  production: true,
  version: 'test',
  demoStatus: false,
  allowSignup: false,
  allowPasswordLogin: true,
  defaultGroupSlug: null,
  defaultHouseholdSlug: null,
  enableOidc: false,
  oidcRedirect: false,
  oidcProviderName: 'OAuth',
  enableOpenai: false,
  enableOpenaiImageServices: false,
  enableEmail,
})

const invitation = {
  token: 'a-token-of-thirty-two-characters',
  usesLeft: 1,
  groupId: '00000000-0000-4000-8000-000000000001',
  householdId: '00000000-0000-4000-8000-000000000002',
}

async function openPanel(enableEmail: boolean) {
  const server = fakeServer()
    .answer(getAppInfo, { body: info(enableEmail) })
    .answer(createInvitation, { status: 201, body: invitation })
    .answer(emailInvitation, { body: { success: true, error: null } })
  const user = userEvent.setup({ delay: null })
  await renderWithApp(<InvitePanel origin="https://larder.example" />)
  await user.click(await screen.findByTestId('invite-create'))
  await screen.findByTestId('invite-link')
  return server
}

describe('the invitation box', () => {
  beforeEach(() => appInfo.store.set(undefined))

  it('offers only the link to copy when the server cannot send mail', async () => {
    await openPanel(false)
    expect(await screen.findByText(/this server is not set up to send mail/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Or mail it to' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument()
  })

  it('offers to mail the link when it can', async () => {
    await openPanel(true)
    expect(await screen.findByRole('textbox', { name: 'Or mail it to' })).toBeInTheDocument()
  })
})
