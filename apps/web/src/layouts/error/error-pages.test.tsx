import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { AppRoutes } from '@/router'
import { initTestI18n } from '@/test/shell'
import { RouteErrorBoundary } from './RouteErrorBoundary'

function renderApp(path: string, children = <AppRoutes />) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </MantineProvider>,
  )
}

function Broken(): never {
  throw new Error('a page bug')
}

describe('error pages', () => {
  beforeAll(async () => {
    await initTestI18n()
  })

  it('answers an unknown route with "Page Not Found: {path}" through the real route table', async () => {
    renderApp('/no/such/page')
    const message = await screen.findByTestId('error-message', {}, { timeout: 5000 })
    expect(message).toHaveTextContent(/^Page Not Found: \/no\/such\/page$/)
    expect(screen.getByText('404')).toBeInTheDocument()
    expect(document.title).toContain('Page Not Found')
  })

  it('shows the generic "Internal Server Error" page when a page throws', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/anything', <RouteErrorBoundary>{<Broken />}</RouteErrorBoundary>)
    expect(screen.getByTestId('error-message')).toHaveTextContent(/^Internal Server Error$/)
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(logged).toHaveBeenCalled()
  })
})
