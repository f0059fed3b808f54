import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query'
import { lazy, type ComponentType, type ReactElement } from 'react'
import type { Params } from 'react-router'
import type { StringsNamespace } from '@/i18n/use-strings'

/**
 * One query a page reads as soon as it opens: the query options its feature's `api/` file exports — a plain query,
 * or an infinite list whose first page is fetched.
 */
export type RouteQuery =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries of different data types
  | FetchQueryOptions<any, any, any, any>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  | FetchInfiniteQueryOptions<any, any, any, any, any>

/** What a page route carries in its `handle`, for routes/route-load.ts. */
export interface PageHandle {
  /** The page's chunk. */
  load: () => Promise<{ default: ComponentType }>
  /**
   * The queries the page reads first; started with the chunk, not after the page mounts. `search` is the address's
   * query string, for pages whose data follows it (the explorer's search and filters).
   */
  queries?: (params: Params, search: URLSearchParams) => readonly RouteQuery[]
  /**
   * The namespaces of strings the page reads (`useStrings`); fetched with the chunk, not after the page first renders
   * and suspends on them.
   */
  strings?: readonly StringsNamespace[]
}

/**
 * A page route (element and handle, spread into the route object): the page is its own chunk, and the route
 * declares what data the page reads so that navigation can start both at once (routes/route-load.ts).
 */
export function routePage(
  load: PageHandle['load'],
  queries?: PageHandle['queries'],
  strings?: PageHandle['strings'],
): { element: ReactElement; handle: PageHandle } {
  const Page = lazy(load)
  return { element: <Page />, handle: { load, ...(queries ? { queries } : {}), ...(strings ? { strings } : {}) } }
}
