import { exploreRecipe, getRecipe } from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe } from '@/test/recipe-fixtures'
import { CurrentLocation, initTestI18n } from '@/test/shell'
import { initColorScheme } from '@/theme/color-scheme-store'

// Nobody signed in: the session is known, without a server round-trip.
vi.mock('@/features/auth/app-session', async () => {
  const { createStore, useStore } = await import('@/app/create-store')
  const store = createStore({ status: 'unauthenticated' as const, user: null })
  return { session: { store, ensureLoaded: () => Promise.resolve() }, useAuth: () => useStore(store) }
})

const { default: SignedInRoutes } = await import('./SignedInRoutes')

function renderAt(path: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <SignedInRoutes />
        </Suspense>
        <CurrentLocation />
      </MemoryRouter>
    </MantineProvider>,
  )
}

describe('group pages for a signed-out visitor', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initTestI18n()
    initColorScheme(false)
    // The layout and the segmented controls measure themselves; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })

  it('opens a recipe page through the explore API', async () => {
    const server = fakeServer().answer(exploreRecipe, { body: makeRecipe() })
    renderAt('/g/home/r/pancakes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pancakes' }, { timeout: 10_000 })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/pancakes')
    expect(server.calls(getRecipe)).toHaveLength(0)
  })

  it('still sends the visitor to sign in for the rest of the group', async () => {
    renderAt('/g/home/r/pancakes/ingredient-parser')
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/login?redirect=%2Fg%2Fhome%2Fr%2Fpancakes%2Fingredient-parser',
      ),
    )
  })
})
