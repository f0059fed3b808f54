import {
  getAppInfo,
  getAppTheme,
  getStartupInfo,
  type AppInfo,
  type AppStartupInfo,
  type AppTheme,
} from '@larder/contracts'
import { useEffect } from 'react'
import { createStore, useStore, type Store } from '@/app/create-store'
import { call } from './http'

/**
 * A module-level promise cache for one call. The public app facts that the sign-in page and the theme need go
 * through these instead of TanStack Query, which only the signed-in routes load (docs/budgets.md "Web budgets": /login ≤ 150 KB gzip).
 */
export interface CachedCall<T> {
  /** The last answer; undefined until one arrives. A failure keeps the previous answer. */
  readonly store: Store<T | undefined>
  /** The answer while it is fresh, else the request in flight, else a new request. */
  load(): Promise<T>
  /** True when load() would send a request. */
  isStale(): boolean
}

export function createCachedCall<T>(
  request: () => Promise<T>,
  freshForMs: number,
  now: () => number = Date.now,
): CachedCall<T> {
  const store = createStore<T | undefined>(undefined)
  let fetchedAt = Number.NEGATIVE_INFINITY
  let inFlight: Promise<T> | undefined
  const isStale = () => store.get() === undefined || now() - fetchedAt >= freshForMs
  return {
    store,
    isStale,
    load() {
      if (inFlight) return inFlight
      const current = store.get()
      if (current !== undefined && !isStale()) return Promise.resolve(current)
      const pending = request().then((answer) => {
        fetchedAt = now()
        store.set(answer)
        return answer
      })
      inFlight = pending
      const settled = () => {
        inFlight = undefined
      }
      pending.then(settled, settled)
      return pending
    },
  }
}

/** The cached answer, loaded on mount when it is missing or stale; failures leave it undefined (or as it was). */
export function useCachedCall<T>(cached: CachedCall<T>): T | undefined {
  useEffect(() => {
    if (cached.isStale()) cached.load().catch(() => undefined)
  }, [cached])
  return useStore(cached.store)
}

/** GET /api/app/about: fresh for five minutes. */
export const appInfo: CachedCall<AppInfo> = createCachedCall(() => call(getAppInfo), 5 * 60_000)

/** GET /api/app/about/startup-info: asked again every time (it changes when the default password does). */
export const startupInfo: CachedCall<AppStartupInfo> = createCachedCall(
  () => call(getStartupInfo, { notify: false }),
  0,
)

/** GET /api/app/about/theme: fetched once at start and kept for the page's life (docs/web.md "Calls and the HTTP client"). */
export const appTheme: CachedCall<AppTheme> = createCachedCall(
  () => call(getAppTheme, { notify: false }),
  Number.POSITIVE_INFINITY,
)

let themeRequest: Promise<AppTheme | undefined> | undefined

/** Starts the one theme request; resolves to undefined on failure, so the default colours stay. */
export function loadAppThemeOnce(): Promise<AppTheme | undefined> {
  themeRequest ??= appTheme.load().catch(() => undefined)
  return themeRequest
}
