import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type MutationCache,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { ApiError, NetworkError } from '@/api/api-error'
import { offlineStore, writesRecordKey, type OfflineStore } from './offline-store'

/**
 * A kind of write that may be made offline. Declared once, at module level, so that writes still waiting when the app
 * was closed find their function again after a restart (a mutation's function cannot be stored; TanStack Query finds
 * it again through `setMutationDefaults` by the mutation key).
 */
export interface OfflineWriteDefinition<Input> {
  /** Stable across versions: stored writes are matched to their definition by it. */
  key: string
  /** Sends the write; `headers` carries the write's `Idempotency-Key` (pass it to `call(…, { headers })`). */
  call: (input: Input, options: { headers: Record<string, string> }) => Promise<unknown>
  /** Shows the write at once in the cached answers; run when the write is made and again after a restart. */
  optimistic?: (queryClient: QueryClient, input: Input) => void
  /** Queries to fetch again once the server has answered the write (accepted or refused): its answer is the truth. */
  settles?: (input: Input) => QueryKey[]
}

/** A write the server refused: kept, with its reason, until the person dismisses it. */
export interface RefusedWrite {
  id: string
  key: string
  input: unknown
  madeAt: number
  refusedAt: number
  /** The HTTP status, or 0 when the write failed in this client. */
  status: number
  /** The server's sentence for the person (`detail.message`), or the error's message. */
  reason: string
}

export interface OfflineWritesState {
  online: boolean
  /** Writes made and not yet answered by the server. */
  waiting: number
  refused: readonly RefusedWrite[]
}

/** A write as its mutation carries it: the key it is sent with is made once, when the write is made. */
interface WriteVariables {
  id: string
  input: unknown
  madeAt: number
}

interface SavedWrites {
  version: 1
  savedAt: number
  /** Waiting writes, oldest first, as TanStack Query dehydrates mutations. */
  waiting: DehydratedState['mutations']
  refused: RefusedWrite[]
}

/** Every offline write runs in this one scope: one after another, in the order they were made. */
export const offlineWriteScope = 'offline-writes'
const mutationKeyRoot = 'offline-write'
const mutationKeyOf = (key: string) => [mutationKeyRoot, key] as const

/** Answers that say "not now" rather than "no": the write waits and is sent again with its key. */
const transientStatuses = new Set([401, 408, 409, 425, 429])
const isTransient = (error: unknown) =>
  error instanceof NetworkError ||
  (error instanceof ApiError && (error.status >= 500 || transientStatuses.has(error.status)))

const definitions = new Map<string, OfflineWriteDefinition<never>>()
const liveInstances = new Set<{ register: (definition: OfflineWriteDefinition<never>) => void }>()

/** Declares a kind of offline write (module level, once per key). */
export function defineOfflineWrite<Input>(definition: OfflineWriteDefinition<Input>): OfflineWriteDefinition<Input> {
  const known = definitions.get(definition.key)
  const stored = definition as OfflineWriteDefinition<never>
  if (known && known !== stored) throw new Error(`an offline write named ${definition.key} is already defined`)
  definitions.set(definition.key, stored)
  for (const instance of liveInstances) instance.register(stored)
  return definition
}

export interface OfflineWritesOptions {
  queryClient: QueryClient
  /** Whose writes these are: each user's are kept apart. */
  userId: string
  store?: OfflineStore
  /** The wait before resending a write that failed for a passing reason (default 1 s, doubling, at most 30 s). */
  retryDelay?: (failures: number) => number
}

export type OfflineWrites = ReturnType<typeof createOfflineWrites>

type AnyMutation = ReturnType<MutationCache['getAll']>[number]

const isOfflineWrite = (mutation: AnyMutation) => mutation.options.mutationKey?.[0] === mutationKeyRoot

/**
 * The offline writes of one signed-in user (issue #32, "Live and offline"): made at once in the cache,
 * queued in one ordered scope that `onlineManager` pauses, kept in IndexedDB as soon as the queue changes (not on a
 * timer: a tick made just before the phone closes the app must be there next time), and sent in order with the
 * key each write was made with. A write the server refuses is kept as a refused write with its reason until the
 * person dismisses it: nothing is dropped silently.
 */
export function createOfflineWrites(options: OfflineWritesOptions) {
  const { queryClient, userId } = options
  const store = options.store ?? offlineStore()
  const recordKey = writesRecordKey(userId)
  const retryDelay = options.retryDelay ?? ((failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000))
  const mutations = queryClient.getMutationCache()
  let refused: RefusedWrite[] = []
  /** Stored writes whose definition this version does not (yet) have: kept, never sent out of order or dropped. */
  let held: DehydratedState['mutations'] = []
  let closed = false
  let restoring: Promise<void> | undefined
  /** Nothing is saved before the kept record was read: a save then would write over the writes it holds. */
  let ready = false
  let saving: Promise<void> = Promise.resolve()
  let saveQueued = false
  const listeners = new Set<() => void>()
  let state: OfflineWritesState = { online: onlineManager.isOnline(), waiting: 0, refused }
  /** Queries to read again once no write waits any more. */
  const unsettled: QueryKey[] = []

  const ours = () => mutations.getAll().filter(isOfflineWrite)
  const isWaiting = (mutation: AnyMutation) => mutation.state.status === 'pending'
  /**
   * Writes the server has answered. TanStack still counts a write as pending while its onSettled runs, and that is
   * where the list is read again: without this, a refused delete was shown again on top of the server's answer.
   */
  const answered = new Set<string>()

  function refresh() {
    const next = {
      online: onlineManager.isOnline(),
      waiting: ours().filter(isWaiting).length + held.length,
      refused,
    }
    if (next.online === state.online && next.waiting === state.waiting && next.refused === state.refused) return
    state = next
    for (const listener of listeners) listener()
  }

  function record(): SavedWrites {
    const refusedIds = new Set(refused.map((write) => write.id))
    const waiting = dehydrate(queryClient, {
      shouldDehydrateQuery: () => false,
      shouldDehydrateMutation: (mutation) =>
        isOfflineWrite(mutation) &&
        isWaiting(mutation) &&
        !refusedIds.has((mutation.state.variables as WriteVariables).id),
    }).mutations.map((mutation) => ({
      ...mutation,
      // Sent again after a restart, also when it was on its way when the app closed: its key makes that safe.
      state: { ...mutation.state, isPaused: true, error: null, failureReason: null, failureCount: 0 },
    }))
    return { version: 1, savedAt: Date.now(), waiting: [...held, ...waiting], refused }
  }

  /** Saves on the next microtask, after the writes of the same moment; one save at a time, in order. */
  function save() {
    if (closed || !ready || saveQueued) return
    saveQueued = true
    queueMicrotask(() => {
      saveQueued = false
      if (closed) return
      const snapshot = record()
      saving = saving.then(() => store.write(recordKey, snapshot)).catch(() => undefined)
    })
  }

  function refuse(variables: WriteVariables, key: string, error: unknown) {
    const status = error instanceof ApiError ? error.status : 0
    const reason = error instanceof Error && error.message ? error.message : 'The write could not be sent'
    refused = [
      ...refused,
      {
        id: variables.id,
        key,
        input: variables.input,
        madeAt: variables.madeAt,
        refusedAt: Date.now(),
        status,
        reason,
      },
    ]
    save()
    refresh()
  }

  function register(definition: OfflineWriteDefinition<never>) {
    queryClient.setMutationDefaults<unknown, unknown, WriteVariables>(mutationKeyOf(definition.key), {
      mutationFn: (variables: WriteVariables) =>
        definition.call(variables.input as never, { headers: { 'Idempotency-Key': variables.id } }),
      onMutate: (variables: WriteVariables) => {
        definition.optimistic?.(queryClient, variables.input as never)
      },
      onError: (error: unknown, variables: WriteVariables) => refuse(variables, definition.key, error),
      onSettled: async (_data: unknown, _error: unknown, variables: WriteVariables | undefined) => {
        if (variables) answered.add(variables.id)
        if (variables && definition.settles) unsettled.push(...definition.settles(variables.input as never))
        // Read again once the last waiting write has an answer: a read between two writes would show the list
        // without the later one for a moment (this write still counts as pending here).
        if (queryClient.isMutating({ mutationKey: [mutationKeyRoot] }) > 1) return
        const queryKeys = unsettled.splice(0)
        await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      },
      retry: (_failures: number, error: unknown) => isTransient(error),
      retryDelay,
      networkMode: 'online',
      scope: { id: offlineWriteScope },
    })
  }

  const instance = { register }
  for (const definition of definitions.values()) register(definition)
  liveInstances.add(instance)

  const unsubscribeMutations = mutations.subscribe((event) => {
    const mutation: AnyMutation | undefined = event.mutation
    if (!mutation || !isOfflineWrite(mutation)) return
    save()
    refresh()
  })
  const unsubscribeOnline = onlineManager.subscribe(() => refresh())

  /**
   * An answer read from the server does not know the writes still waiting: they are shown on it again, so that a
   * read (another person's change, a refetch) never hides a change made here and not yet sent. `optimistic` is
   * therefore written to give the same result when run twice.
   */
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    for (const mutation of ours().filter(isWaiting)) {
      const variables = mutation.state.variables as WriteVariables
      if (answered.has(variables.id)) continue
      const definition = definitions.get(String(mutation.options.mutationKey?.[1]))
      definition?.optimistic?.(queryClient, variables.input as never)
    }
  })

  /**
   * Takes the record kept on the device: its waiting writes join the queue, behind any made before `restore()` read
   * it (restore before a screen writes), and are shown again through their `optimistic`.
   */
  function adopt(saved: SavedWrites) {
    refused = [...saved.refused, ...refused]
    // Everything from the first write of an unknown kind on waits too: sending later writes first would reorder.
    const firstUnknown = saved.waiting.findIndex((mutation) => !definitions.has(String(mutation.mutationKey?.[1])))
    const restored = firstUnknown === -1 ? saved.waiting : saved.waiting.slice(0, firstUnknown)
    held = firstUnknown === -1 ? [] : saved.waiting.slice(firstUnknown)
    hydrate(queryClient, { mutations: restored, queries: [] })
    for (const mutation of restored) {
      const definition = definitions.get(String(mutation.mutationKey?.[1]))
      definition?.optimistic?.(queryClient, (mutation.state.variables as WriteVariables).input as never)
    }
  }

  /** Waits for the saves begun so far (tests, and before the page is hidden). */
  async function flush(): Promise<void> {
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    await saving
  }

  /** Stops watching; what is kept stays kept (another user signs in, or the page goes). */
  async function close(): Promise<void> {
    await flush()
    closed = true
    liveInstances.delete(instance)
    unsubscribeMutations()
    unsubscribeOnline()
    unsubscribeQueries()
  }

  return {
    /**
     * Reads the writes kept on this device for this user: the waiting ones join the queue in their order (shown
     * again at once through their `optimistic`), and are sent when the device is online; refused ones are listed.
     */
    async restore(): Promise<void> {
      // Once per instance: a second read would queue the same writes twice.
      if (restoring) return restoring
      restoring = (async () => {
        const saved = await store.read<SavedWrites>(recordKey).catch(() => undefined)
        if (closed) return
        if (saved?.version === 1) adopt(saved)
        ready = true
        save()
        refresh()
        await queryClient.resumePausedMutations()
      })()
      return restoring
    },

    /** Makes a write: shown at once, then sent (now, or when the device is back online) with a key of its own. */
    make<Input>(definition: OfflineWriteDefinition<Input>, input: Input): Promise<unknown> {
      if (!definitions.has(definition.key)) defineOfflineWrite(definition)
      const variables: WriteVariables = { id: crypto.randomUUID(), input, madeAt: Date.now() }
      const mutation = mutations.build(queryClient, { mutationKey: mutationKeyOf(definition.key) })
      // The outcome reaches the screen through the state (waiting, refused), not through this promise.
      const done = mutation.execute(variables)
      done.catch(() => undefined)
      return done
    },

    /** Forgets a refused write once the person has read it. */
    dismiss(id: string) {
      refused = refused.filter((write) => write.id !== id)
      save()
      refresh()
    },

    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },

    flush,
    close,

    /** Signing out: drops this user's queue from the page and from the device. */
    async forget(): Promise<void> {
      await close()
      for (const mutation of ours()) mutations.remove(mutation)
      await store.remove(recordKey)
    },
  }
}
