import 'fake-indexeddb/auto'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createStore } from 'idb-keyval'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpClient } from '@/api/client'
import { keepQueries } from './kept-queries'
import { offlineStore, writesRecordKey, type OfflineStore } from './offline-store'
import { createOfflineWrites, defineOfflineWrite, type OfflineWrites } from './offline-writes'
import { OfflineWritesProvider, useOfflineWrites } from './use-offline-writes'

/** One request as the fake server saw it. */
interface Seen {
  name: string
  key: string | null
  startedAt: number
  endedAt?: number
}

type Answer = 'ok' | 'hang' | 'network' | { status: number; message?: string }

/** A server behind the real HTTP client: answers come from `script` (by item name, then in turn), else 201. */
function fakeServer() {
  const seen: Seen[] = []
  const script = new Map<string, Answer[]>()
  const client = createHttpClient({
    origin: 'http://larder.test',
    getToken: () => 'token',
    readCookie: () => undefined,
    notify: () => undefined,
    retryDelay: 0,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init)
      const body = (await request.json()) as { name: string }
      const entry: Seen = { name: body.name, key: request.headers.get('idempotency-key'), startedAt: performance.now() }
      seen.push(entry)
      const answer = script.get(body.name)?.shift() ?? 'ok'
      if (answer === 'hang') return new Promise<Response>(() => undefined)
      // A little latency, so that writes sent side by side would overlap.
      await new Promise((resolve) => setTimeout(resolve, 5))
      entry.endedAt = performance.now()
      if (answer === 'network') throw new TypeError('Failed to fetch')
      const status = answer === 'ok' ? 201 : answer.status
      const payload =
        answer === 'ok'
          ? { name: body.name }
          : { detail: { message: answer.message ?? 'No', error: true, exception: null } }
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } })
    },
  })
  return { seen, script, client }
}

let server = fakeServer()

const addItem = defineOfflineWrite<{ listId: string; name: string }>({
  key: 'test.shopping.add-item',
  call: (input, { headers }) =>
    server.client.send({ method: 'POST', path: `/api/households/shopping/items`, json: input, headers }),
  optimistic: (queryClient, input) =>
    queryClient.setQueryData<string[]>(['shopping', input.listId], (items = []) => [...items, input.name]),
})

let databaseCount = 0
const running: Array<{ queryClient: QueryClient; writes: OfflineWrites }> = []

/** The app as it starts on the device: a new cache, then the user's kept writes read back. */
async function startApp(store: OfflineStore, userId = 'user-1') {
  const queryClient = new QueryClient()
  queryClient.mount()
  const writes = createOfflineWrites({ queryClient, userId, store, retryDelay: () => 0 })
  await writes.restore()
  const app = { queryClient, writes }
  running.push(app)
  return app
}

/** The app goes away: what it saved is all that is left of it. */
async function closeApp(app: { queryClient: QueryClient; writes: OfflineWrites }) {
  await app.writes.close()
  app.queryClient.unmount()
  app.queryClient.getMutationCache().clear()
}

function freshStore(): OfflineStore {
  databaseCount += 1
  return offlineStore(createStore(`offline-writes-test-${databaseCount}`, 'records'))
}

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; waited < 5_000; waited += 10) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`gave up waiting for ${what}`)
}

afterEach(async () => {
  // Closed before the device is online again, so that no write of this test reaches the next one's server.
  for (const app of running.splice(0)) await closeApp(app)
  onlineManager.setOnline(true)
  server = fakeServer()
})

describe('offline writes', () => {
  it('shows writes made offline at once, keeps them across a restart and sends them in order on reconnect', async () => {
    const store = freshStore()
    onlineManager.setOnline(false)
    const first = await startApp(store)
    for (const name of ['milk', 'eggs', 'bread']) void first.writes.make(addItem, { listId: 'l1', name })
    expect(first.queryClient.getQueryData(['shopping', 'l1'])).toEqual(['milk', 'eggs', 'bread'])
    await first.writes.flush()
    expect(first.writes.getState()).toMatchObject({ online: false, waiting: 3, refused: [] })
    expect(server.seen).toEqual([])
    await closeApp(first)

    // Another person's record on the same device is theirs alone.
    expect((await startApp(store, 'user-2')).writes.getState().waiting).toBe(0)

    const second = await startApp(store)
    expect(second.writes.getState().waiting).toBe(3)
    expect(second.queryClient.getQueryData(['shopping', 'l1'])).toEqual(['milk', 'eggs', 'bread'])
    expect(server.seen).toEqual([])
    onlineManager.setOnline(true)
    await until(() => second.writes.getState().waiting === 0, 'the queue to drain')
    expect(server.seen.map((request) => request.name)).toEqual(['milk', 'eggs', 'bread'])
    // One after another: each was sent after the one before had its answer.
    for (let index = 1; index < server.seen.length; index += 1)
      expect(server.seen[index]!.startedAt).toBeGreaterThanOrEqual(server.seen[index - 1]!.endedAt!)
    const keys = server.seen.map((request) => request.key)
    expect(new Set(keys).size).toBe(3)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/)
    await second.writes.flush()
    expect((await store.read<{ waiting: unknown[] }>(writesRecordKey('user-1')))?.waiting).toEqual([])
  })

  it('keeps the stored writes when a write is made before they were read back', async () => {
    const store = freshStore()
    onlineManager.setOnline(false)
    const first = await startApp(store)
    void first.writes.make(addItem, { listId: 'l1', name: 'milk' })
    await closeApp(first)

    const queryClient = new QueryClient()
    queryClient.mount()
    const writes = createOfflineWrites({ queryClient, userId: 'user-1', store, retryDelay: () => 0 })
    running.push({ queryClient, writes })
    void writes.make(addItem, { listId: 'l1', name: 'eggs' })
    await writes.flush()
    await writes.restore()
    await writes.flush()
    expect(writes.getState().waiting).toBe(2)
    const saved = await store.read<{ waiting: Array<{ state: { variables: { input: { name: string } } } }> }>(
      writesRecordKey('user-1'),
    )
    expect(saved?.waiting.map((write) => write.state.variables.input.name).toSorted()).toEqual(['eggs', 'milk'])
  })

  it('sends a retried write with the key it was made with, after a failure and after a restart mid-flight', async () => {
    const store = freshStore()
    server.script.set('milk', [{ status: 503 }, 'network', 'ok'])
    const app = await startApp(store)
    void app.writes.make(addItem, { listId: 'l1', name: 'milk' })
    await until(() => app.writes.getState().waiting === 0, 'the write to go through')
    expect(server.seen).toHaveLength(3)
    expect(new Set(server.seen.map((request) => request.key)).size).toBe(1)

    // On its way when the app was closed: sent again, with the same key, so the server applies it once.
    server.script.set('eggs', ['hang', 'ok'])
    void app.writes.make(addItem, { listId: 'l1', name: 'eggs' })
    await until(() => server.seen.length === 4, 'the write to leave')
    await closeApp(app)
    const again = await startApp(store)
    await until(() => again.writes.getState().waiting === 0, 'the write to be sent again')
    const eggs = server.seen.filter((request) => request.name === 'eggs')
    expect(eggs).toHaveLength(2)
    expect(eggs[1]!.key).toBe(eggs[0]!.key)
  })

  it('keeps a refused write with the server’s reason across restarts until it is dismissed', async () => {
    const store = freshStore()
    server.script.set('milk', [{ status: 404, message: 'This shopping list was deleted' }])
    onlineManager.setOnline(false)
    const app = await startApp(store)
    void app.writes.make(addItem, { listId: 'gone', name: 'milk' })
    void app.writes.make(addItem, { listId: 'l1', name: 'eggs' })
    onlineManager.setOnline(true)
    await until(() => app.writes.getState().waiting === 0, 'the queue to drain')
    // The refusal does not hold up the writes after it.
    expect(server.seen.map((request) => request.name)).toEqual(['milk', 'eggs'])
    expect(app.writes.getState().refused).toEqual([
      expect.objectContaining({
        key: addItem.key,
        input: { listId: 'gone', name: 'milk' },
        status: 404,
        reason: 'This shopping list was deleted',
      }),
    ])
    await closeApp(app)

    const restarted = await startApp(store)
    const [refused] = restarted.writes.getState().refused
    expect(refused?.reason).toBe('This shopping list was deleted')
    expect(restarted.writes.getState().waiting).toBe(0)
    restarted.writes.dismiss(refused!.id)
    expect(restarted.writes.getState().refused).toEqual([])
    await closeApp(restarted)
    expect((await startApp(store)).writes.getState().refused).toEqual([])
    expect(server.seen).toHaveLength(2)
  })

  it('gives a screen the online state, the waiting count and the refused writes', async () => {
    const store = freshStore()
    server.script.set('milk', [{ status: 422, message: 'Too long' }])
    onlineManager.setOnline(false)
    const app = await startApp(store)
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(OfflineWritesProvider, { writes: app.writes, children })
    const { result } = renderHook(() => useOfflineWrites(), { wrapper })
    expect(result.current).toMatchObject({ online: false, waiting: 0, refused: [] })
    act(() => void app.writes.make(addItem, { listId: 'l1', name: 'milk' }))
    expect(result.current.waiting).toBe(1)
    act(() => onlineManager.setOnline(true))
    await until(() => result.current.refused.length === 1, 'the refusal to show')
    expect(result.current).toMatchObject({ online: true, waiting: 0 })
    act(() => result.current.dismiss(result.current.refused[0]!.id))
    expect(result.current.refused).toEqual([])
  })
})

describe('answers kept for reading offline', () => {
  it('restores only the kept roots, for the same user', async () => {
    const store = freshStore()
    const queryClient = new QueryClient()
    const kept = keepQueries({ queryClient, userId: 'user-1', roots: ['shopping'], store, throttleMs: 20 })
    queryClient.setQueryData(['shopping', 'l1'], ['milk'])
    queryClient.setQueryData(['recipes', 'soup'], { name: 'Soup' })
    await kept.flush()
    kept.stop()

    const reopened = new QueryClient()
    await keepQueries({ queryClient: reopened, userId: 'user-1', roots: ['shopping'], store }).restore()
    expect(reopened.getQueryData(['shopping', 'l1'])).toEqual(['milk'])
    expect(reopened.getQueryData(['recipes', 'soup'])).toBeUndefined()

    // A root no longer kept is left out of an older record; another user has none of it.
    const narrower = new QueryClient()
    await keepQueries({ queryClient: narrower, userId: 'user-1', roots: ['mealplans'], store }).restore()
    expect(narrower.getQueryData(['shopping', 'l1'])).toBeUndefined()
    const stranger = new QueryClient()
    await keepQueries({ queryClient: stranger, userId: 'user-2', roots: ['shopping'], store }).restore()
    expect(stranger.getQueryData(['shopping', 'l1'])).toBeUndefined()
  })

  it('keeps a whole root by its first element, or one answer of another root by its key prefix', async () => {
    const store = freshStore()
    const queryClient = new QueryClient()
    const roots = ['mealplans', ['households', 'self', 'preferences']]
    const kept = keepQueries({ queryClient, userId: 'user-1', roots, store, throttleMs: 20 })
    queryClient.setQueryData(['mealplans', 'entries', '2030-01-06', '2030-01-12'], { items: [] })
    queryClient.setQueryData(['households', 'self', 'preferences'], { firstDayOfWeek: 1 })
    queryClient.setQueryData(['households', 'self', 'members'], { items: ['someone'] })
    queryClient.setQueryData(['households'], 'not this one: shorter than the prefix')
    await kept.flush()
    kept.stop()

    const reopened = new QueryClient()
    await keepQueries({ queryClient: reopened, userId: 'user-1', roots, store }).restore()
    expect(reopened.getQueryData(['mealplans', 'entries', '2030-01-06', '2030-01-12'])).toEqual({ items: [] })
    expect(reopened.getQueryData(['households', 'self', 'preferences'])).toEqual({ firstDayOfWeek: 1 })
    expect(reopened.getQueryData(['households', 'self', 'members'])).toBeUndefined()
    expect(reopened.getQueryData(['households'])).toBeUndefined()
  })

  it('saves on its throttle without being asked', async () => {
    const store = freshStore()
    const queryClient = new QueryClient()
    const kept = keepQueries({ queryClient, userId: 'user-1', roots: ['shopping'], store, throttleMs: 20 })
    queryClient.setQueryData(['shopping', 'l1'], ['milk'])
    let saved: unknown
    for (let waited = 0; waited < 2_000 && !saved; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      saved = await store.read('queries:user-1')
    }
    kept.stop()
    expect(saved).toMatchObject({ queries: [expect.objectContaining({ queryKey: ['shopping', 'l1'] })] })
  })
})
