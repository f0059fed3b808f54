import { Navigate, type RouteObject } from 'react-router'
import { guardRoute } from '@/features/auth/GuardRoute'
import { lazyPage } from './lazy-page'

/** A route that only opens when the named guards let the user through. */
function guarded(
  names: readonly string[],
  path: string,
  element: React.ReactNode,
  children?: RouteObject[],
): RouteObject {
  return { path, element: guardRoute(names), children: [children ? { element, children } : { index: true, element }] }
}

/** /group, /household, /shopping-lists and /user under the default layout; each subtree names its guards. */
export function accountRoutes(): RouteObject[] {
  return [
    {
      path: 'group',
      element: guardRoute(['auth']),
      children: [
        {
          element: guardRoute(['can-manage-only']),
          children: [{ index: true, element: lazyPage(() => import('@/pages/group/index')) }],
        },
        guarded(
          ['can-organize-only'],
          'data',
          lazyPage(() => import('@/pages/group/data/layout')),
          [
            { index: true, element: lazyPage(() => import('@/pages/group/data/index')) },
            { path: 'categories', element: lazyPage(() => import('@/pages/group/data/categories')) },
            { path: 'foods', element: lazyPage(() => import('@/pages/group/data/foods')) },
            { path: 'labels', element: lazyPage(() => import('@/pages/group/data/labels')) },
            { path: 'recipe-actions', element: lazyPage(() => import('@/pages/group/data/recipe-actions')) },
            { path: 'recipes', element: lazyPage(() => import('@/pages/group/data/recipes')) },
            { path: 'tags', element: lazyPage(() => import('@/pages/group/data/tags')) },
            { path: 'tools', element: lazyPage(() => import('@/pages/group/data/tools')) },
            { path: 'units', element: lazyPage(() => import('@/pages/group/data/units')) },
          ],
        ),
        guarded(
          ['advanced-only'],
          'migrations',
          lazyPage(() => import('@/pages/group/migrations')),
        ),
        { path: 'reports/:id', element: lazyPage(() => import('@/pages/group/reports/[id]')) },
      ],
    },
    {
      path: 'household',
      element: guardRoute(['auth']),
      children: [
        {
          element: guardRoute(['can-manage-household-only']),
          children: [{ index: true, element: lazyPage(() => import('@/pages/household/index')) }],
        },
        {
          path: 'mealplan/planner',
          element: lazyPage(() => import('@/pages/household/mealplan/planner/layout')),
          children: [
            { index: true, element: <Navigate to="view" replace /> },
            { path: 'edit', element: lazyPage(() => import('@/pages/household/mealplan/planner/edit')) },
            { path: 'view', element: lazyPage(() => import('@/pages/household/mealplan/planner/view')) },
          ],
        },
        { path: 'mealplan/settings', element: lazyPage(() => import('@/pages/household/mealplan/settings')) },
        // Changing a member's permissions needs canManage on the server (PUT /api/households/permissions).
        guarded(
          ['can-manage-only'],
          'members',
          lazyPage(() => import('@/pages/household/members')),
        ),
        guarded(
          ['advanced-only'],
          'notifiers',
          lazyPage(() => import('@/pages/household/notifiers')),
        ),
        guarded(
          ['advanced-only'],
          'webhooks',
          lazyPage(() => import('@/pages/household/webhooks')),
        ),
      ],
    },
    {
      path: 'shopping-lists',
      element: guardRoute(['auth']),
      children: [
        { index: true, element: lazyPage(() => import('@/pages/shopping-lists/index')) },
        { path: ':id', element: lazyPage(() => import('@/pages/shopping-lists/[id]')) },
      ],
    },
    {
      path: 'user',
      element: guardRoute(['auth']),
      children: [
        { path: ':id/favorites', element: lazyPage(() => import('@/pages/user/[id]/favorites')) },
        { path: 'profile', element: lazyPage(() => import('@/pages/user/profile/index')) },
        { path: 'profile/edit', element: lazyPage(() => import('@/pages/user/profile/edit')) },
        guarded(
          ['advanced-only'],
          'profile/api-tokens',
          lazyPage(() => import('@/pages/user/profile/api-tokens')),
        ),
      ],
    },
  ]
}
