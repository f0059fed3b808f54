import type { UserOut } from '@larder/contracts'
import i18next from 'i18next'
import { matchRoutes, type RouteObject } from 'react-router'
import { queryClient } from '@/api/query-client'
import type { GuardHandle } from '@/features/auth/GuardRoute'
import { runGuards } from '@/features/auth/guards'
import type { PageHandle } from './route-page'

type RouteHandle = Partial<GuardHandle & PageHandle> | undefined

/**
 * Starts what the page at `to` needs, all at once: the chunks of its routes (layouts and page), the namespaces of
 * strings and the queries its routes declare (`routePage(load, queries, strings)`). Without this the page's data would wait for its chunk,
 * then for the page to mount (docs/budgets.md "Web budgets": the recipe page's 1 s budget). Called on every navigation (SignedInRoutes)
 * and on intent (a link hovered or focused, route-intent.ts); both are cheap to repeat: `import()` is cached and
 * `prefetchQuery` does nothing while the data is fresh or already on its way.
 *
 * Queries start only when every guard on the way lets `user` in, so a page the user may not open asks nothing of
 * the server (the guard redirects, as before).
 */
export function startRouteLoad(routes: RouteObject[], to: string, user: UserOut | null): void {
  const url = new URL(to, window.location.origin)
  const matches = matchRoutes(routes, url.pathname) ?? []
  let allowed = true
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle
    if (handle?.load) void handle.load()
    if (handle?.strings) void i18next.loadNamespaces([...handle.strings])
    if (handle?.guards && runGuards(handle.guards, { user, url, params: match.params }).kind !== 'allow')
      allowed = false
  }
  if (!allowed) return
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle
    for (const query of handle?.queries?.(match.params, url.searchParams) ?? []) {
      // A query that just failed (a 404) is not asked again on each render of the routes: every failed call shows
      // the server's message as a notification. The page's own query, or its "try again", asks again.
      if (queryClient.getQueryState(query.queryKey)?.status === 'error') continue
      // An infinite list (the recipe explorer) prefetches its first page the way its page will read it.
      if ('getNextPageParam' in query) void queryClient.prefetchInfiniteQuery(query)
      else void queryClient.prefetchQuery(query)
    }
  }
}
