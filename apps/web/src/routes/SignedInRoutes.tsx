import { useRoutes, type RouteObject } from 'react-router'
import { QueryProvider } from '@/api/QueryProvider'
import { guardRoute } from '@/features/auth/GuardRoute'
import { accountRoutes } from './account-routes'
import { adminRoutes } from './admin-routes'
import { groupRoutes } from './group-routes'
import { lazyPage } from './lazy-page'

/**
 * The signed-in part of the route table (admin and default layouts) and the 404 page, as descendant routes of
 * router.tsx's `*`: this table is its own chunk, so the sign-in page does not download it, nor TanStack Query,
 * whose provider starts here.
 */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: guardRoute(['auth', 'admin-only']),
    children: [{ element: lazyPage(() => import('@/layouts/admin/AdminLayout')), children: adminRoutes }],
  },
  {
    element: lazyPage(() => import('@/layouts/default/DefaultLayout')),
    children: [
      { path: 'g/:groupSlug', element: guardRoute(['auth', 'group-only']), children: groupRoutes() },
      ...accountRoutes(),
    ],
  },
  {
    element: lazyPage(() => import('@/layouts/error/ErrorLayout')),
    children: [{ path: '*', element: lazyPage(() => import('@/pages/not-found')) }],
  },
]

export default function SignedInRoutes() {
  const element = useRoutes(signedInRoutes)
  return <QueryProvider>{element}</QueryProvider>
}
