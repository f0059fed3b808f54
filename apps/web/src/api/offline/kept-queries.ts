import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { offlineStore, queriesRecordKey, type OfflineStore } from './offline-store'

export type KeptRoot = string | readonly string[]

/** Whether a query key is one of the kept roots'. */
export function isKeptKey(roots: readonly KeptRoot[], queryKey: readonly unknown[]): boolean {
  return roots.some((root) =>
    typeof root === 'string'
      ? String(queryKey[0]) === root
      : root.length <= queryKey.length && root.every((part, index) => queryKey[index] === part),
  )
}

export interface KeptQueriesOptions {
  queryClient: QueryClient
  userId: string
  /**
   * The query keys kept for reading offline: a string keeps every key it begins (the shopping lists' and plans'
   * roots), an array every key that begins with its elements (one answer of another feature, the household's
   * preferences the planner's weeks start by).
   */
  roots: readonly KeptRoot[]
  store?: OfflineStore
  /** At most one save per this many ms (default 1 s): answers change often and are fetched again anyway. */
  throttleMs?: number
  /** Answers older than this are not restored (default 7 days). */
  maxAgeMs?: number
}

interface SavedQueries {
  version: 1
  savedAt: number
  queries: DehydratedState['queries']
}

const dayMs = 24 * 60 * 60 * 1000

/**
 * Keeps the answers of some query roots on the device for reading offline. Unlike the waiting writes these may be
 * saved on a throttle: losing the last second of answers costs one refetch, not a person's change. Only the kept
 * roots are saved, and only they are restored (a root no longer kept is left out of an older record).
 */
export function keepQueries(options: KeptQueriesOptions) {
  const { queryClient, roots } = options
  const store = options.store ?? offlineStore()
  const recordKey = queriesRecordKey(options.userId)
  const throttleMs = options.throttleMs ?? 1000
  const maxAgeMs = options.maxAgeMs ?? 7 * dayMs
  const isKept = (queryKey: readonly unknown[]): boolean => isKeptKey(roots, queryKey)
  let timer: ReturnType<typeof setTimeout> | undefined
  let saving: Promise<void> = Promise.resolve()
  let stopped = false

  function saveNow() {
    timer = undefined
    if (stopped) return saving
    const { queries } = dehydrate(queryClient, {
      shouldDehydrateMutation: () => false,
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query.queryKey),
    })
    const record: SavedQueries = { version: 1, savedAt: Date.now(), queries }
    saving = saving.then(() => store.write(recordKey, record)).catch(() => undefined)
    return saving
  }

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const queryKey = event.query.queryKey as readonly unknown[]
    if (stopped || timer !== undefined || !isKept(queryKey)) return
    if (event.type !== 'updated' && event.type !== 'removed') return
    timer = setTimeout(() => void saveNow(), throttleMs)
  })

  function stop() {
    stopped = true
    if (timer !== undefined) clearTimeout(timer)
    unsubscribe()
  }

  return {
    /** Puts the kept answers back into the cache (older than the cache's own answers lose, as hydrate decides). */
    async restore(): Promise<void> {
      const saved = await store.read<SavedQueries>(recordKey).catch(() => undefined)
      if (!saved || saved.version !== 1 || Date.now() - saved.savedAt > maxAgeMs) return
      hydrate(queryClient, { mutations: [], queries: saved.queries.filter((query) => isKept(query.queryKey)) })
    },
    /** Saves what is pending now instead of at the end of the throttle (the page is being hidden). */
    flush(): Promise<void> {
      if (timer !== undefined) clearTimeout(timer)
      return saveNow()
    },
    stop,
    async forget(): Promise<void> {
      stop()
      await saving
      await store.remove(recordKey)
    },
  }
}
