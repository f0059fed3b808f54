import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, renderWithApp } from '@/test/render'
import { SetupWizard } from './SetupWizard'

describe('the setup wizard', () => {
  const admin = makeUser({ admin: true, email: 'changeme@example.com' })

  it('on the first run, welcomes the default administrator and fills in the default password', async () => {
    await renderWithApp(<SetupWizard admin={admin} groupPrivate setupDone={false} />)
    expect(screen.getByRole('heading', { name: "Let's make this server yours" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Skip for now' })).toBeInTheDocument()
  })

  it('once setup is done, offers changes instead of the first-run welcome', async () => {
    await renderWithApp(<SetupWizard admin={admin} groupPrivate setupDone />)
    expect(screen.getByRole('heading', { name: 'Change your account or your group' })).toBeInTheDocument()
    expect(screen.queryByText(/You signed in with the default administrator/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to recipes' })).toBeInTheDocument()
  })
})
