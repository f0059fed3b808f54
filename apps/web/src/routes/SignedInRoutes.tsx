import type { UserOut } from '@larder/contracts'
import { useCallback, useMemo } from 'react'
import { useLocation, useRoutes, type RouteObject } from 'react-router'
import { OfflineScope } from '@/api/offline/OfflineScope'
import { QueryProvider } from '@/api/QueryProvider'
import { nextTask } from '@/app/next-task'
import { session, useAuth } from '@/features/auth/app-session'
import { guardRoute } from '@/features/auth/GuardRoute'
import { LiveUpdates } from '@/features/live/LiveUpdates'
import { mealplansOffline } from '@/features/mealplans/offline'
import { shoppingOffline } from '@/features/shopping/offline'
import { accountRoutes } from './account-routes'
import { adminRoutes } from './admin-routes'
import { groupRoutes, publicGroupRoutes } from './group-routes'
import { RouteIntentContext, useLinkIntent } from './route-intent'
import { startRouteLoad } from './route-load'
import { routePage } from './route-page'

/**
 * The signed-in part of the route table (admin and default layouts, with the few group pages a signed-out visitor may
 * read) and the 404 page, as descendant routes of
 * router.tsx's `*`: this table is its own chunk, so the sign-in page does not download it, nor TanStack Query,
 * whose provider starts here.
 */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'admin',
    ...guardRoute(['auth', 'admin-only']),
    children: [{ ...routePage(() => import('@/layouts/admin/AdminLayout')), children: adminRoutes }],
  },
  {
    ...routePage(() => import('@/layouts/default/DefaultLayout')),
    children: [
      {
        path: 'g/:groupSlug',
        children: [
          { ...guardRoute(['group-only-or-visitor']), children: publicGroupRoutes() },
          { ...guardRoute(['auth', 'group-only']), children: groupRoutes() },
        ],
      },
      ...accountRoutes(),
    ],
  },
  {
    ...routePage(() => import('@/layouts/error/ErrorLayout')),
    children: [{ path: '*', ...routePage(() => import('@/pages/not-found')) }],
  },
]

/**
 * On every navigation (links, navigate, back, the first load) and once the session is known: the page's data starts
 * here, as the render that starts its chunk goes on, instead of after the page has mounted. In a task of its own, just
 * after the render's slice: matching the address against the table, starting the chunks and the queries are some
 * 10 ms at a phone's speed, which inside a slice of the first render made it a long task (the local build's time to
 * interactive, docs/budgets.md "Web budgets").
 */
function RouteLoad({ to, user }: { to: string; user: UserOut | null }) {
  useMemo(() => void nextTask().then(() => startRouteLoad(signedInRoutes, to, user)), [to, user])
  return null
}

/** What the signed-in app keeps on the device for offline use (issue #32). */
const offlineFeatures = [shoppingOffline, mealplansOffline]

export default function SignedInRoutes() {
  const { pathname, search } = useLocation()
  const { user } = useAuth()
  const startIntentLoad = useCallback((to: string) => startRouteLoad(signedInRoutes, to, session.store.get().user), [])
  useLinkIntent(startIntentLoad)
  const element = useRoutes(signedInRoutes)
  return (
    <QueryProvider>
      <RouteLoad to={`${pathname}${search}`} user={user} />
      <LiveUpdates />
      <OfflineScope userId={user?.id} features={offlineFeatures}>
        <RouteIntentContext value={startIntentLoad}>{element}</RouteIntentContext>
      </OfflineScope>
    </QueryProvider>
  )
}
