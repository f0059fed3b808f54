// NOTE: a best-effort reconstruction. The original of this file (by the colleague building the identity pages) was
// overwritten by mistake; this version is rebuilt from how their tests use it — check it against your copy.
import type { UserOut } from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { initTestI18n } from './shell'

export interface FakeRequest {
  method: string
  path: string
  search: URLSearchParams
  headers: Headers
  body: unknown
}

export interface FakeAnswer {
  status?: number
  body?: unknown
}

export type FakeRoute = FakeAnswer | ((request: FakeRequest) => FakeAnswer)

/** Request bodies as the server would read them: JSON parsed, forms as plain objects of strings. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await request.formData()).entries())
  }
  const text = await request.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Replaces fetch with answers keyed by "METHOD /path"; unknown calls get a 404. Every request is recorded in
 * `requests`; `calls(method, path)` filters them.
 */
export function fakeServer(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = new URL(request.url)
    const recorded: FakeRequest = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    }
    requests.push(recorded)
    const route = routes[`${recorded.method} ${recorded.path}`]
    const answer: FakeAnswer = route
      ? typeof route === 'function'
        ? route(recorded)
        : route
      : { status: 404, body: { detail: 'Not Found' } }
    const status = answer.status ?? 200
    const body = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body)
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    requests,
    calls: (method: string, path: string) =>
      requests.filter((request) => request.method === method.toUpperCase() && request.path === path),
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

/** The providers a page has in the app: TanStack Query (fresh per test), Mantine, a router and English strings. */
export async function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  await initTestI18n()
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  )
  return render(ui, { wrapper })
}
