import type { RouteObject } from 'react-router'
import { guardRoute } from '@/features/auth/GuardRoute'
import { lazyPage } from './lazy-page'

/** /g/:groupSlug/* under the default layout; the parent carries the auth check and group-only. */
export function groupRoutes(): RouteObject[] {
  return [
    { index: true, element: lazyPage(() => import('@/pages/g/[groupSlug]/index')) },
    { path: 'cookbooks', element: lazyPage(() => import('@/pages/g/[groupSlug]/cookbooks/index')) },
    { path: 'cookbooks/:slug', element: lazyPage(() => import('@/pages/g/[groupSlug]/cookbooks/[slug]')) },
    {
      path: 'r/create',
      element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/layout')),
      children: [
        { index: true, element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/index')) },
        { path: 'bulk', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/bulk')) },
        {
          path: 'debug',
          element: guardRoute(['advanced-only']),
          children: [{ index: true, element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/debug')) }],
        },
        { path: 'html', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/html')) },
        { path: 'image', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/image')) },
        { path: 'new', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/new')) },
        { path: 'url', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/url')) },
        { path: 'zip', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/create/zip')) },
      ],
    },
    { path: 'r/:slug', element: lazyPage(() => import('@/pages/g/[groupSlug]/r/[slug]/index')) },
    {
      path: 'r/:slug/ingredient-parser',
      element: lazyPage(() => import('@/pages/g/[groupSlug]/r/[slug]/ingredient-parser')),
    },
    { path: 'recipes/categories', element: lazyPage(() => import('@/pages/g/[groupSlug]/recipes/categories')) },
    { path: 'recipes/finder', element: lazyPage(() => import('@/pages/g/[groupSlug]/recipes/finder')) },
    { path: 'recipes/tags', element: lazyPage(() => import('@/pages/g/[groupSlug]/recipes/tags')) },
    { path: 'recipes/timeline', element: lazyPage(() => import('@/pages/g/[groupSlug]/recipes/timeline')) },
    { path: 'recipes/tools', element: lazyPage(() => import('@/pages/g/[groupSlug]/recipes/tools')) },
  ]
}
