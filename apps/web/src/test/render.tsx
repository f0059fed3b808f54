// Rendering helpers for feature tests: a complete user to sign in as, and a tree with Mantine, a query client, a
// memory router and the test translations around the component under test.
import type { UserOut } from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { BrowserRouter, MemoryRouter } from 'react-router'
import { createOfflineWrites, OfflineWritesProvider, type OfflineStore, type OfflineWrites } from '@/api/offline'
import { initTestI18n } from './shell'

/** A device's storage in memory: what the offline layer keeps, for one test. */
export function memoryStore(records = new Map<string, unknown>()): OfflineStore & { records: Map<string, unknown> } {
  return {
    records,
    read: <Value,>(key: string) => Promise.resolve(structuredClone(records.get(key)) as Value | undefined),
    write: (key, value) => Promise.resolve(void records.set(key, structuredClone(value))),
    remove: (key) => Promise.resolve(void records.delete(key)),
  }
}

/** A complete signed-in user; tests override what matters to them. */
export function makeUser(overrides: Partial<UserOut> = {}): UserOut {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    username: 'user',
    fullName: 'A User',
    email: `${overrides.username ?? 'user'}@example.com`,
    authMethod: 'Mealie',
    admin: false,
    group: 'Home',
    groupId: '00000000-0000-4000-8000-0000000000a1',
    groupSlug: 'home',
    household: 'Family',
    householdId: '00000000-0000-4000-8000-0000000000b1',
    householdSlug: 'family',
    advanced: false,
    canInvite: false,
    canManage: false,
    canManageHousehold: false,
    canOrganize: false,
    tokens: [],
    cacheKey: 'cache-key',
    ...overrides,
  }
}

/**
 * The providers a page has in the app: TanStack Query (fresh per test), Mantine, a router and English strings. The
 * router is in memory, or with `history: 'browser'` the app's own `<BrowserRouter>` on jsdom's history (for what the
 * browser's Back button does), with `path` pushed onto it.
 */
export async function renderWithApp(
  ui: ReactElement,
  {
    path = '/',
    history = 'memory',
    staleTime = 0,
    store = memoryStore(),
    beforeRestore,
  }: {
    /** Where the offline writes are kept (a test may hand a device's records from an earlier "session"). */
    store?: OfflineStore
    /** Runs with the query client before the kept writes are restored (declare a list as cached, say). */
    beforeRestore?: (queryClient: QueryClient) => void
    path?: string
    history?: 'memory' | 'browser'
    /** The queries' staleTime (the app's own: 30 s). */ staleTime?: number
  } = {},
) {
  await initTestI18n()
  if (history === 'browser') window.history.pushState(null, '', path)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } },
  })
  beforeRestore?.(queryClient)
  // The signed-in shell's offline writes (OfflineScope), restored before the screen can write; no waits between
  // retries of a write that failed for a passing reason.
  const offlineWrites: OfflineWrites = createOfflineWrites({
    queryClient,
    userId: 'test-user',
    store,
    retryDelay: () => 0,
  })
  await offlineWrites.restore()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <OfflineWritesProvider writes={offlineWrites}>
        {/* env="test": no transitions, and popovers stay shown although jsdom lays nothing out (Mantine's test setup). */}
        <MantineProvider env="test">
          {history === 'browser' ? (
            <BrowserRouter>{children}</BrowserRouter>
          ) : (
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          )}
        </MantineProvider>
      </OfflineWritesProvider>
    </QueryClientProvider>
  )
  return Object.assign(render(ui, { wrapper }), { queryClient, offlineWrites })
}
