import { useRoutes, type RouteObject } from 'react-router'
import { guardRoute } from './features/auth/GuardRoute'
import { RouteErrorBoundary } from './layouts/error/RouteErrorBoundary'
import { CreateUrlRedirect, IndexRedirect } from './routes/EntryRedirects'
import { lazyPage } from './routes/lazy-page'

/**
 * Every route of product spec §2 with its layout (admin, basic, blank, default, error) and guards. Layouts are
 * pathless parents; guards are layout routes named in the table (`guardRoute([...])`), checked on every navigation.
 */
export const routes: RouteObject[] = [
  {
    element: lazyPage(() => import('./layouts/blank/BlankLayout')),
    children: [
      { index: true, element: <IndexRedirect /> },
      { path: 'login', element: lazyPage(() => import('./pages/login')) },
      { path: 'register', element: lazyPage(() => import('./pages/register')) },
      {
        path: 'admin/setup',
        element: guardRoute(['auth', 'admin-only']),
        children: [{ index: true, element: lazyPage(() => import('./pages/admin/setup')) }],
      },
    ],
  },
  {
    element: lazyPage(() => import('./layouts/basic/BasicLayout')),
    children: [
      { path: 'forgot-password', element: lazyPage(() => import('./pages/forgot-password')) },
      { path: 'reset-password', element: lazyPage(() => import('./pages/reset-password')) },
      { path: 'g/:groupSlug/shared/r/:id', element: lazyPage(() => import('./pages/g/[groupSlug]/shared/r/[id]')) },
    ],
  },
  { path: 'r/create/url', element: <CreateUrlRedirect /> },
  // Admin, the default layout's areas and the 404 page: a separate chunk (routes/SignedInRoutes.tsx).
  { path: '*', element: lazyPage(() => import('./routes/SignedInRoutes')) },
]

export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>
}
