import type { RouteObject } from 'react-router'
import { guardRoute } from '@/features/auth/GuardRoute'
import { explorerRecipesQueries, recipeReadQueries } from '@/features/recipes/api/explore'
import { explorerListQuery, readExplorerState } from '@/features/recipes/explorer-state'
import { everyOrganizerQuery, everyOrganizerReadQueries } from '@/features/organizers/api/organizers'
import { cookbookReadQueries, cookbooksQuery } from '@/features/recipe-pages/api/cookbooks'
import { everyFoodQuery } from '@/features/foods/api/foods'
import { session } from '@/features/auth'
import { timelineQuery } from '@/features/recipe-pages/api/timeline'
import { routePage } from './route-page'

/**
 * The /g/:groupSlug pages a signed-out visitor may read too, through the public explore API (docs/mealie-compatibility.md "Explore"): the
 * explorer, a recipe, a cookbook and the organizer indexes. The parent carries group-only-or-visitor; a member reads
 * them as before. Each page's prefetch asks the API its reader will (nothing while the session loads).
 */
export function publicGroupRoutes(): RouteObject[] {
  return [
    {
      index: true,
      ...routePage(
        () => import('@/pages/g/[groupSlug]/index'),
        ({ groupSlug = '' }, search) => explorerRecipesQueries(groupSlug, explorerListQuery(readExplorerState(search))),
        ['recipes'],
      ),
    },
    {
      path: 'cookbooks/:slug',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/cookbooks/[slug]'),
        ({ groupSlug = '', slug = '' }) => cookbookReadQueries(groupSlug, slug),
      ),
    },
    {
      path: 'recipes/categories',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/categories'),
        ({ groupSlug = '' }) => everyOrganizerReadQueries(groupSlug, 'categories'),
      ),
    },
    {
      path: 'recipes/tags',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tags'),
        ({ groupSlug = '' }) => everyOrganizerReadQueries(groupSlug, 'tags'),
      ),
    },
    {
      path: 'recipes/tools',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tools'),
        ({ groupSlug = '' }) => everyOrganizerReadQueries(groupSlug, 'tools'),
      ),
    },
    {
      path: 'r/:slug',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/r/[slug]/index'),
        ({ groupSlug = '', slug = '' }) => recipeReadQueries(groupSlug, slug),
        ['recipes'],
      ),
    },
  ]
}

/** /g/:groupSlug/* under the default layout; the parent carries the auth check and group-only. */
export function groupRoutes(): RouteObject[] {
  return [
    {
      path: 'cookbooks',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/cookbooks/index'),
        () => [cookbooksQuery],
      ),
    },
    {
      path: 'r/create',
      ...routePage(() => import('@/pages/g/[groupSlug]/r/create/layout')),
      children: [
        { index: true, ...routePage(() => import('@/pages/g/[groupSlug]/r/create/index')) },
        { path: 'bulk', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/bulk')) },
        {
          path: 'debug',
          ...guardRoute(['advanced-only']),
          children: [{ index: true, ...routePage(() => import('@/pages/g/[groupSlug]/r/create/debug')) }],
        },
        { path: 'html', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/html')) },
        { path: 'image', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/image')) },
        { path: 'new', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/new')) },
        { path: 'url', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/url')) },
        { path: 'zip', ...routePage(() => import('@/pages/g/[groupSlug]/r/create/zip')) },
      ],
    },
    {
      path: 'r/:slug/ingredient-parser',
      ...routePage(() => import('@/pages/g/[groupSlug]/r/[slug]/ingredient-parser')),
    },
    {
      path: 'recipes/finder',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/finder'),
        () => [everyFoodQuery, everyOrganizerQuery('tools')],
      ),
    },
    {
      path: 'recipes/timeline',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/timeline'),
        () => {
          const groupId = session.store.get().user?.groupId
          return groupId ? [timelineQuery(groupId)] : []
        },
      ),
    },
  ]
}
