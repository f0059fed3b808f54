import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLiveUpdates, parseEventStream, staleRootsOf, type EventStream, type LiveStatus } from './live'

/** An EventSource the test drives: it opens, delivers named events, drops or is refused. */
class FakeStream implements EventStream {
  readyState = 0
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.readyState = 2
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  send(type: string, id: number, data: object = {}) {
    const message = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: String(id) })
    for (const listener of this.listeners.get(type) ?? []) listener(message)
  }
  refuse() {
    this.readyState = 2
    this.onerror?.(new Event('error'))
  }
}

describe('live updates', () => {
  let streams: FakeStream[]
  let queryClient: QueryClient
  let invalidated: unknown[]
  let polls: string[]
  let pollAnswer: string

  beforeEach(() => {
    vi.useFakeTimers()
    streams = []
    polls = []
    pollAnswer = ''
    queryClient = new QueryClient()
    invalidated = []
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
      invalidated.push(filters?.queryKey ?? 'everything')
      return Promise.resolve()
    })
  })
  afterEach(() => vi.useRealTimers())

  function start() {
    const live = createLiveUpdates({
      queryClient,
      openStream: (url) => {
        const stream = new FakeStream(url)
        streams.push(stream)
        return stream
      },
      poll: (url) => {
        polls.push(url)
        return Promise.resolve(pollAnswer)
      },
    })
    const statuses: LiveStatus[] = []
    live.onStatus((status) => statuses.push(status))
    live.start()
    return { live, statuses }
  }

  it('refetches what a change makes stale, once for a burst of changes', async () => {
    const { live } = start()
    streams[0]!.open()
    expect(live.status()).toBe('live')
    streams[0]!.send('recipe.updated', 7, { version: 7, recipeId: 'r', recipeSlug: 'soup' })
    streams[0]!.send('recipe.updated', 8, { version: 8, recipeId: 'r', recipeSlug: 'soup' })
    streams[0]!.send('tag.created', 9, { version: 9 })
    await vi.advanceTimersByTimeAsync(200)
    expect(invalidated).toEqual([
      ['recipes'],
      ['explore'],
      ['timeline'],
      ['favorites'],
      ['recipe-filter-options'],
      ['cookbooks'],
      ['organizers'],
    ])
    live.stop()
  })

  it('refetches everything on a reset (the tab slept past what the server can replay)', async () => {
    const { live } = start()
    streams[0]!.open()
    streams[0]!.send('reset', 120)
    await vi.advanceTimersByTimeAsync(200)
    expect(invalidated).toEqual(['everything'])
    live.stop()
  })

  it('polls every 10 s from the last version when the stream is refused, and goes back to it later', async () => {
    const { live, statuses } = start()
    streams[0]!.open()
    streams[0]!.send('food.updated', 41, { version: 41 })
    pollAnswer = 'id: 42\nevent: cookbook.updated\ndata: {"version":42}\n\n: heartbeat\n\n'
    streams[0]!.refuse()
    await vi.advanceTimersByTimeAsync(0)
    expect(live.status()).toBe('polling')
    expect(polls).toEqual(['/api/live?once=true&lastEventId=41'])
    pollAnswer = ''
    await vi.advanceTimersByTimeAsync(10_000)
    expect(polls.at(-1)).toBe('/api/live?once=true&lastEventId=42')
    expect(invalidated).toContainEqual(['cookbooks'])
    // The stream is tried again, resuming after what the polls brought.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(streams.at(-1)!.url).toBe('/api/live?lastEventId=42')
    streams.at(-1)!.open()
    expect(statuses).toEqual(['connecting', 'live', 'polling', 'live'])
    live.stop()
    expect(live.status()).toBe('off')
  })
})

describe('what each change makes stale', () => {
  it('names the query roots of the features that show it, and nothing for a type this client does not show', () => {
    expect(staleRootsOf('cookbook.deleted')).toEqual([['cookbooks'], ['explore']])
    expect(staleRootsOf('shopping-list-item.updated')).toEqual([['shopping-lists']])
    // Someone leaving a list asks "who is here" again, and reads no list.
    expect(staleRootsOf('shopping-list-presence.left')).toEqual([['shopping-presence']])
    expect(staleRootsOf('something.else')).toEqual([])
  })
})

describe('reading an event stream', () => {
  it('reads ids, names and data, and skips comments', () => {
    expect(parseEventStream('retry: 3000\n: live\n\nid: 3\nevent: tag.created\ndata: {"version":3}\n\n')).toEqual([
      { id: '3', event: 'tag.created', data: '{"version":3}' },
    ])
  })
})
