import { useEffect, type ReactElement } from 'react'
import i18next from 'i18next'
import { Navigate, Outlet, useLocation, useParams } from 'react-router'
import { FullPageLoader } from '@/components/FullPageLoader'
import { notificationStore } from '@/notifications/notification-store'
import { session, useAuth } from './app-session'
import { resolveGuards, runGuards, type Guard } from './guards'
import { paths } from '@/app/paths'

function DeniedRedirect({ to }: { to: string }) {
  useEffect(() => {
    notificationStore.open({ text: i18next.t('errors.notAllowed'), color: 'warning' })
  }, [])
  return <Navigate to={to} replace />
}

/** What a guarded route carries in its `handle`, so that routes/route-load.ts can ask the guards before it prefetches. */
export interface GuardHandle {
  guards: readonly Guard[]
}

/**
 * A layout route (element and handle, spread into the route object) that enforces the named guards on every
 * navigation below it, once the session has loaded. Names are resolved when the route table is built, so a misspelt
 * guard fails at start-up, not on some later click (docs/web.md "Route guards": an unknown guard name raises an error).
 */
export function guardRoute(names: readonly string[]): { element: ReactElement; handle: GuardHandle } {
  const guards = resolveGuards(names)
  function GuardedOutlet() {
    const { status, user } = useAuth()
    const location = useLocation()
    const params = useParams()
    useEffect(() => {
      void session.ensureLoaded()
    }, [])
    if (status === 'loading') return <FullPageLoader />
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin)
    const outcome = runGuards(guards, { user, url, params })
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />
    if (outcome.kind === 'deny' && user) return <DeniedRedirect to={paths.group(user.groupSlug)} />
    return <Outlet />
  }
  GuardedOutlet.displayName = `Guard(${names.join(', ')})`
  return { element: <GuardedOutlet />, handle: { guards } }
}
