import type { RouteObject } from 'react-router'
import { guardRoute } from '@/features/auth/GuardRoute'
import { everyOrganizerQuery } from '@/features/organizers/api/organizers'
import { routePage } from './route-page'

/** /g/:groupSlug/* under the default layout; the parent carries the auth check and group-only. */
export function groupRoutes(): RouteObject[] {
  return [
    { index: true, ...routePage(() => import('@/pages/g/[groupSlug]/index')) },
    { path: 'cookbooks', ...routePage(() => import('@/pages/g/[groupSlug]/cookbooks/index')) },
    { path: 'cookbooks/:slug', ...routePage(() => import('@/pages/g/[groupSlug]/cookbooks/[slug]')) },
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
    { path: 'r/:slug', ...routePage(() => import('@/pages/g/[groupSlug]/r/[slug]/index')) },
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
    { path: 'recipes/finder', ...routePage(() => import('@/pages/g/[groupSlug]/recipes/finder')) },
    {
      path: 'recipes/tags',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tags'),
        () => [everyOrganizerQuery('tags')],
      ),
    },
    { path: 'recipes/timeline', ...routePage(() => import('@/pages/g/[groupSlug]/recipes/timeline')) },
    {
      path: 'recipes/tools',
      ...routePage(
        () => import('@/pages/g/[groupSlug]/recipes/tools'),
        () => [everyOrganizerQuery('tools')],
      ),
    },
  ]
}
