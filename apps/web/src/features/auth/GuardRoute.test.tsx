import type { UserOut } from '@larder/contracts'
import { screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Store } from '@/app/create-store'
import { notificationStore } from '@/notifications/notification-store'
import { initTestI18n, renderAt, Route } from '@/test/shell'
import { guardRoute } from './GuardRoute'
import type { AuthState } from './session'

// The app's session talks to the server; here it is a store the test sets.
const auth = vi.hoisted(() => ({ store: undefined as unknown as Store<AuthState> }))
vi.mock('./app-session', async () => {
  const { createStore: create, useStore: use } = await import('@/app/create-store')
  auth.store = create<AuthState>({ status: 'loading', user: null })
  return {
    session: { store: auth.store, ensureLoaded: () => Promise.resolve() },
    useAuth: () => use(auth.store),
  }
})
const member = {
  id: 'u1',
  username: 'cook',
  email: 'cook@example.com',
  fullName: 'A Cook',
  admin: false,
  advanced: false,
  canManage: false,
  canManageHousehold: false,
  canOrganize: false,
  canInvite: false,
  groupId: 'g1',
  groupSlug: 'home',
  householdId: 'h1',
  householdSlug: 'family',
} as unknown as UserOut

function renderGuarded(path: string, guards: string[]) {
  return renderAt(
    path,
    <>
      <Route path="/login" element={<p>sign-in page</p>} />
      <Route path="/g/:groupSlug" element={<p>group home</p>} />
      <Route path="/household" {...guardRoute(guards)}>
        <Route path="members" element={<p>members page</p>} />
      </Route>
    </>,
  )
}

describe('guard route', () => {
  beforeAll(async () => {
    await initTestI18n()
  })
  beforeEach(() => {
    notificationStore.close()
  })

  it('waits for the session before deciding', () => {
    auth.store.set({ status: 'loading', user: null })
    renderGuarded('/household/members', ['auth'])
    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(screen.queryByText('members page')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/household/members')
  })

  it('sends an anonymous visitor to /login with the wanted page in redirect', async () => {
    auth.store.set({ status: 'unauthenticated', user: null })
    renderGuarded('/household/members?tab=2', ['auth', 'can-manage-household-only'])
    expect(await screen.findByText('sign-in page')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fhousehold%2Fmembers%3Ftab%3D2')
    expect(screen.queryByText('members page')).not.toBeInTheDocument()
  })

  it('sends a signed-in user who fails a flag guard to the group home with a notification', async () => {
    auth.store.set({ status: 'authenticated', user: member })
    renderGuarded('/household/members', ['auth', 'can-manage-household-only'])
    expect(await screen.findByText('group home')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/g\/home$/)
    expect(screen.queryByText('members page')).not.toBeInTheDocument()
    expect(notificationStore.get().general).toMatchObject({
      open: true,
      color: 'warning',
      text: 'You are not allowed to open that page.',
    })
  })

  it('lets a user with the flag through', () => {
    auth.store.set({ status: 'authenticated', user: { ...member, canManageHousehold: true } })
    renderGuarded('/household/members', ['auth', 'can-manage-household-only'])
    expect(screen.getByText('members page')).toBeInTheDocument()
    expect(notificationStore.get().general.open).toBe(false)
  })
})
