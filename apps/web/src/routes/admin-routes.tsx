import { Navigate, type RouteObject } from 'react-router'
import { lazyPage } from './lazy-page'
import { paths } from '@/routes/paths'

/** /admin/* under the admin layout (the auth check and admin-only guard the parent, router.tsx). */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.adminSiteSettings} replace /> },
  { path: 'site-settings', element: lazyPage(() => import('@/pages/admin/site-settings')) },
  { path: 'backups', element: lazyPage(() => import('@/pages/admin/backups')) },
  { path: 'debug/openai', element: lazyPage(() => import('@/pages/admin/debug/openai')) },
  { path: 'debug/parser', element: lazyPage(() => import('@/pages/admin/debug/parser')) },
  { path: 'maintenance', element: lazyPage(() => import('@/pages/admin/maintenance')) },
  { path: 'manage/groups', element: lazyPage(() => import('@/pages/admin/manage/groups/index')) },
  { path: 'manage/groups/:id', element: lazyPage(() => import('@/pages/admin/manage/groups/[id]')) },
  { path: 'manage/households', element: lazyPage(() => import('@/pages/admin/manage/households/index')) },
  { path: 'manage/households/:id', element: lazyPage(() => import('@/pages/admin/manage/households/[id]')) },
  { path: 'manage/users', element: lazyPage(() => import('@/pages/admin/manage/users/index')) },
  { path: 'manage/users/create', element: lazyPage(() => import('@/pages/admin/manage/users/create')) },
  { path: 'manage/users/:id', element: lazyPage(() => import('@/pages/admin/manage/users/[id]')) },
]
