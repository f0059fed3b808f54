import type { RouteObject } from 'react-router'
import { guardRoute } from '@/features/auth/GuardRoute'
import { recipeInfiniteQuery, recipeReadQueries } from '@/features/recipes/api/recipes'
import { explorerListQuery, readExplorerState } from '@/features/recipes/explorer-state'
import { everyOrganizerQuery } from '@/features/organizers/api/organizers'
import { cookbookQuery, cookbooksQuery } from '@/features/recipe-pages/api/cookbooks'
import { everyFoodQuery } from '@/features/foods/api/foods'
import { session } from '@/features/auth'
import { timelineQuery } from '@/features/recipe-pages/api/timeline'
import { routePage } from './route-page'

/**
 * The /g/:groupSlug pages a signed-out visitor may read too, through the public explore API (reference §2.10): the
 * parent carries group-only-or-visitor. A member reads them as before.
 */
export function publicGroupRoutes(): RouteObject[] {
  return [
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
      index: true,
      ...routePage(
        () => import('@/pages/g/[groupSlug]/index'),
        (_, search) => [recipeInfiniteQuery(explorerListQuery(readExplorerState(search)))],
        ['recipes'],
      ),
    },
    {
      path: 'cookbooks',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/cookbooks/index'),
        () => [cookbooksQuery],
      ),
    },
    {
      path: 'cookbooks/:slug',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/cookbooks/[slug]'),
        (params) => [cookbookQuery(params.slug ?? '')],
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
      path: 'recipes/categories',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/categories'),
        () => [everyOrganizerQuery('categories')],
      ),
    },
    {
      path: 'recipes/finder',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/finder'),
        () => [everyFoodQuery, everyOrganizerQuery('tools')],
      ),
    },
    {
      path: 'recipes/tags',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tags'),
        () => [everyOrganizerQuery('tags')],
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
    {
      path: 'recipes/tools',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tools'),
        () => [everyOrganizerQuery('tools')],
      ),
    },
  ]
}
