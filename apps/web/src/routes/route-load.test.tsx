import { adminGetGroup } from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { initTestI18n } from '@/test/shell'
import { initColorScheme } from '@/theme/color-scheme-store'

// A signed-in administrator, without a server round-trip.
vi.mock('@/features/auth/app-session', async () => {
  const { createStore, useStore } = await import('@/app/create-store')
  const { makeUser: user } = await import('@/test/render')
  const store = createStore({ status: 'authenticated' as const, user: user({ admin: true }) })
  return { session: { store, ensureLoaded: () => Promise.resolve() }, useAuth: () => useStore(store) }
})

// The page's chunk arrives when the test says so, like a slow network.
const chunk = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { arrived, arrive, requested: false }
})
vi.mock('@/pages/admin/manage/groups/[id]', async () => {
  chunk.requested = true
  await chunk.arrived
  const { useParams } = await import('react-router')
  const { useAdminGroup } = await import('@/features/admin/api/groups')
  return {
    default: function GroupPage() {
      const group = useAdminGroup(useParams().id ?? '')
      return <p>group page: {group.data?.name ?? 'loading'}</p>
    },
  }
})

const { default: SignedInRoutes } = await import('./SignedInRoutes')

describe('route loading', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initTestI18n()
    initColorScheme(false)
  })

  it('asks for the page data while the page chunk is still on its way, once', async () => {
    const server = fakeServer().answer(adminGetGroup, {
      body: {
        id: 'g1',
        name: 'Home',
        slug: 'home',
        preferences: null,
        categories: [],
        webhooks: [],
        households: [],
        users: [],
      },
    })
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/admin/manage/groups/g1']}>
          <Suspense fallback={<p>waiting for the chunk</p>}>
            <SignedInRoutes />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>,
    )
    await vi.waitFor(() => expect(server.calls(adminGetGroup)).toHaveLength(1))
    expect(chunk.requested).toBe(true)
    expect(screen.queryByText(/group page/)).toBeNull()

    await act(async () => {
      chunk.arrive()
      await chunk.arrived
    })
    expect(await screen.findByText('group page: Home', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(server.calls(adminGetGroup)).toHaveLength(1)
  })
})
