import { Navigate, type RouteObject } from 'react-router'
import { adminGroupQuery, adminGroupsQuery } from '@/features/admin/api/groups'
import { adminHouseholdQuery, adminHouseholdsQuery } from '@/features/admin/api/households'
import { adminUserQuery, adminUsersQuery } from '@/features/admin/api/users'
import { paths } from '@/app/paths'
import { routePage } from './route-page'

/** The user form's choices of group and household. */
const userFormQueries = () => [adminGroupsQuery(), adminHouseholdsQuery()]

/**
 * /admin/* under the admin layout (the auth check and admin-only guard the parent, SignedInRoutes.tsx). Each page
 * names the queries it reads first, so that they start with its chunk (route-load.ts).
 */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.adminSiteSettings} replace /> },
  { path: 'site-settings', ...routePage(() => import('@/pages/admin/site-settings')) },
  { path: 'backups', ...routePage(() => import('@/pages/admin/backups')) },
  { path: 'debug/openai', ...routePage(() => import('@/pages/admin/debug/openai')) },
  { path: 'debug/parser', ...routePage(() => import('@/pages/admin/debug/parser')) },
  { path: 'maintenance', ...routePage(() => import('@/pages/admin/maintenance')) },
  { path: 'jobs', ...routePage(() => import('@/pages/admin/jobs')) },
  {
    path: 'manage/groups',
    ...routePage(
      () => import('@/pages/admin/manage/groups/index'),
      () => [adminGroupsQuery()],
    ),
  },
  {
    path: 'manage/groups/:id',
    ...routePage(
      () => import('@/pages/admin/manage/groups/[id]'),
      ({ id = '' }) => [adminGroupQuery(id)],
    ),
  },
  {
    path: 'manage/households',
    ...routePage(
      () => import('@/pages/admin/manage/households/index'),
      () => [adminHouseholdsQuery(), adminGroupsQuery()],
    ),
  },
  {
    path: 'manage/households/:id',
    ...routePage(
      () => import('@/pages/admin/manage/households/[id]'),
      ({ id = '' }) => [adminHouseholdQuery(id)],
    ),
  },
  {
    path: 'manage/users',
    ...routePage(
      () => import('@/pages/admin/manage/users/index'),
      () => [adminUsersQuery('', 1)],
    ),
  },
  { path: 'manage/users/create', ...routePage(() => import('@/pages/admin/manage/users/create'), userFormQueries) },
  {
    path: 'manage/users/:id',
    ...routePage(
      () => import('@/pages/admin/manage/users/[id]'),
      ({ id = '' }) => [adminUserQuery(id), ...userFormQueries()],
    ),
  },
]
