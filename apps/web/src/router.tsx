import { useRoutes, type RouteObject } from 'react-router'
import { guardRoute } from './features/auth/GuardRoute'
import { RouteErrorBoundary } from './layouts/error/RouteErrorBoundary'
import { CreateUrlRedirect, IndexRedirect } from './routes/EntryRedirects'
import { withAppStrings } from './i18n/i18n'
import { lazyPage } from './routes/lazy-page'

/**
 * TanStack Query for the public pages other than sign-in and `/`, which do without it so that /login stays within
 * its budget (docs/budgets.md "Web budgets"); the signed-in chunk (routes/SignedInRoutes.tsx) brings its own provider. Every route but
 * sign-in and `/` sits below this scope or SignedInRoutes: both load the app's strings (i18n.ts `appNamespace`).
 */
const queryScope = () => lazyPage(() => withAppStrings(() => import('./api/QueryProvider')))

/**
 * Every route of docs/web.md "Screens and routes" with its layout (admin, basic, blank, default, error) and guards. Layouts are
 * pathless parents; guards are layout routes named in the table (`guardRoute([...])`), checked on every navigation.
 * Pages that use TanStack Query sit below a provider: `queryScope()` here, or the one in SignedInRoutes.
 */
export const routes: RouteObject[] = [
  {
    element: lazyPage(() => import('./layouts/blank/BlankLayout')),
    children: [
      { index: true, element: <IndexRedirect /> },
      { path: 'login', element: lazyPage(() => import('./pages/login')) },
      {
        element: queryScope(),
        children: [
          { path: 'register', element: lazyPage(() => import('./pages/register')) },
          {
            path: 'admin/setup',
            ...guardRoute(['auth', 'admin-only']),
            children: [{ index: true, element: lazyPage(() => import('./pages/admin/setup')) }],
          },
        ],
      },
    ],
  },
  {
    element: queryScope(),
    children: [
      {
        element: lazyPage(() => import('./layouts/basic/BasicLayout')),
        children: [
          { path: 'forgot-password', element: lazyPage(() => import('./pages/forgot-password')) },
          { path: 'reset-password', element: lazyPage(() => import('./pages/reset-password')) },
          {
            path: 'g/:groupSlug/shared/r/:id',
            element: lazyPage(() => import('./pages/g/[groupSlug]/shared/r/[id]')),
          },
        ],
      },
    ],
  },
  { path: 'r/create/url', element: <CreateUrlRedirect /> },
  // Admin, the default layout's areas and the 404 page: a separate chunk (routes/SignedInRoutes.tsx).
  { path: '*', element: lazyPage(() => withAppStrings(() => import('./routes/SignedInRoutes'))) },
]

export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>
}
