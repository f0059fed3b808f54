import { getStartupInfo } from '@larder/contracts'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import SetupPage from './setup'

describe('/admin/setup', () => {
  it('welcomes the administrator on the first run', async () => {
    fakeServer().answer(getStartupInfo, { body: { isFirstLogin: true, isDemo: false } })
    await renderWithApp(<SetupPage />)
    expect(await screen.findByRole('heading', { name: 'Welcome to Larder' })).toBeInTheDocument()
  })

  it('once setup is done, says so instead of repeating the first-run welcome', async () => {
    fakeServer().answer(getStartupInfo, { body: { isFirstLogin: false, isDemo: false } })
    await renderWithApp(<SetupPage />)
    expect(await screen.findByRole('heading', { name: 'Server setup' })).toBeInTheDocument()
    expect(screen.getByText(/Setup is done/)).toBeInTheDocument()
    expect(screen.queryByText('Welcome to Larder')).toBeNull()
  })
})
