import { Navigate, type RouteObject } from 'react-router'
import { favoriteRecipesQuery } from '@/features/recipe-pages/api/favorites'
import { guardRoute } from '@/features/auth/GuardRoute'
import { firstPageByName } from '@/components/data-table/list-params'
import { foodsQuery } from '@/features/foods/api/foods'
import { labelsQuery } from '@/features/foods/api/labels'
import { unitsQuery } from '@/features/foods/api/units'
import {
  groupHouseholdsQuery,
  groupMembersQuery,
  groupPreferencesQuery,
  ownGroupQuery,
} from '@/features/groups/api/group'
import { organizersQuery } from '@/features/organizers/api/organizers'
import { recipeListQuery } from '@/features/recipes/api/recipes'
import { dataCountQueries } from '@/pages/group/data/data-counts'
import { householdMembersQuery, householdPreferencesQuery } from '@/features/households/api/household'
import { planCalendarQuery, planRulesQuery, planSettingsQuery } from '@/features/mealplans/api/mealplans'
import { shoppingListQuery, shoppingListsQuery, shoppingStoresQuery } from '@/features/shopping/api/shopping-queries'
import { routePage } from './route-page'

/** What the week needs before its entries: where the week starts, and the household's "today". */
const plannerQueries = () => [householdPreferencesQuery, planSettingsQuery]

/** A route that only opens when the named guards let the user through. */
function guarded(
  names: readonly string[],
  path: string,
  page: ReturnType<typeof routePage>,
  children?: RouteObject[],
): RouteObject {
  return { path, ...guardRoute(names), children: [children ? { ...page, children } : { index: true, ...page }] }
}

/** /group, /household, /shopping-lists and /user under the default layout; each subtree names its guards. */
export function accountRoutes(): RouteObject[] {
  return [
    {
      path: 'group',
      ...guardRoute(['auth']),
      children: [
        {
          ...guardRoute(['can-manage-only']),
          children: [
            {
              index: true,
              ...routePage(
                () => import('@/pages/group/index'),
                () => [ownGroupQuery, groupPreferencesQuery, groupHouseholdsQuery],
              ),
            },
          ],
        },
        guarded(
          ['can-organize-only'],
          'data',
          routePage(() => import('@/pages/group/data/layout')),
          [
            {
              index: true,
              ...routePage(
                () => import('@/pages/group/data/index'),
                () => Object.values(dataCountQueries),
              ),
            },
            {
              path: 'categories',
              ...routePage(
                () => import('@/pages/group/data/categories'),
                () => [organizersQuery('categories', firstPageByName)],
              ),
            },
            {
              path: 'foods',
              ...routePage(
                () => import('@/pages/group/data/foods'),
                () => [foodsQuery(firstPageByName)],
              ),
            },
            {
              path: 'labels',
              ...routePage(
                () => import('@/pages/group/data/labels'),
                () => [labelsQuery(firstPageByName)],
              ),
            },
            { path: 'recipe-actions', ...routePage(() => import('@/pages/group/data/recipe-actions')) },
            {
              path: 'recipes',
              ...routePage(
                () => import('@/pages/group/data/recipes'),
                () => [recipeListQuery(firstPageByName), groupMembersQuery],
              ),
            },
            {
              path: 'tags',
              ...routePage(
                () => import('@/pages/group/data/tags'),
                () => [organizersQuery('tags', firstPageByName)],
              ),
            },
            {
              path: 'tools',
              ...routePage(
                () => import('@/pages/group/data/tools'),
                () => [organizersQuery('tools', firstPageByName)],
              ),
            },
            {
              path: 'units',
              ...routePage(
                () => import('@/pages/group/data/units'),
                () => [unitsQuery(firstPageByName)],
              ),
            },
          ],
        ),
        guarded(
          ['advanced-only'],
          'migrations',
          routePage(() => import('@/pages/group/migrations')),
        ),
        { path: 'reports/:id', ...routePage(() => import('@/pages/group/reports/[id]')) },
      ],
    },
    {
      path: 'household',
      ...guardRoute(['auth']),
      children: [
        {
          ...guardRoute(['can-manage-household-only']),
          children: [
            {
              index: true,
              ...routePage(
                () => import('@/pages/household/index'),
                () => [householdPreferencesQuery],
              ),
            },
          ],
        },
        {
          path: 'mealplan/planner',
          ...routePage(() => import('@/pages/household/mealplan/planner/layout')),
          children: [
            { index: true, element: <Navigate to="view" replace /> },
            {
              path: 'edit',
              ...routePage(() => import('@/pages/household/mealplan/planner/edit'), plannerQueries, ['mealplans']),
            },
            {
              path: 'view',
              ...routePage(() => import('@/pages/household/mealplan/planner/view'), plannerQueries, ['mealplans']),
            },
          ],
        },
        {
          path: 'mealplan/settings',
          ...routePage(
            () => import('@/pages/household/mealplan/settings'),
            () => [planRulesQuery, planSettingsQuery, planCalendarQuery],
            ['mealplans', 'recipe-pages'],
          ),
        },
        // Every member shops: the stores (each with its label order) are the household's, not its managers'.
        {
          path: 'shopping-stores',
          ...routePage(
            () => import('@/pages/household/shopping-stores'),
            () => [shoppingStoresQuery],
            ['shopping'],
          ),
        },
        // Changing a member's permissions needs canManage on the server (PUT /api/households/permissions).
        guarded(
          ['can-manage-only'],
          'members',
          routePage(
            () => import('@/pages/household/members'),
            () => [householdMembersQuery],
          ),
        ),
        guarded(
          ['advanced-only'],
          'notifiers',
          routePage(() => import('@/pages/household/notifiers')),
        ),
        guarded(
          ['advanced-only'],
          'webhooks',
          routePage(() => import('@/pages/household/webhooks')),
        ),
      ],
    },
    {
      path: 'shopping-lists',
      ...guardRoute(['auth']),
      children: [
        {
          index: true,
          ...routePage(
            () => import('@/pages/shopping-lists/index'),
            () => [shoppingListsQuery],
            ['shopping'],
          ),
        },
        {
          path: ':id',
          ...routePage(
            () => import('@/pages/shopping-lists/[id]'),
            (params) => [shoppingListQuery(params.id ?? ''), shoppingStoresQuery],
            ['shopping'],
          ),
        },
      ],
    },
    {
      path: 'user',
      ...guardRoute(['auth']),
      children: [
        {
          path: ':id/favorites',
          ...routePage(
            () => import('@/pages/user/[id]/favorites'),
            (params) => [favoriteRecipesQuery(params.id ?? '')],
          ),
        },
        { path: 'profile', ...routePage(() => import('@/pages/user/profile/index')) },
        { path: 'profile/edit', ...routePage(() => import('@/pages/user/profile/edit')) },
        guarded(
          ['advanced-only'],
          'profile/api-tokens',
          routePage(() => import('@/pages/user/profile/api-tokens')),
        ),
      ],
    },
  ]
}
