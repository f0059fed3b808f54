// The names alone (contracts/src/events/event-names.ts): the catalogue's zod schemas would cost this tab their build.
import { eventNames, liveResetEvent } from '@larder/contracts/event-names'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { tokenStorage } from './token-storage'

/**
 * What each kind of change makes stale, by the roots of the features' query keys: a poke from `/api/live` names what
 * changed, and the queries that show it read it again through their own endpoints. One table for the whole client,
 * so that a new event type or a new feature's keys are added in one place.
 */
const staleRootsByArea: Readonly<Record<string, readonly QueryKey[]>> = {
  recipe: [['recipes'], ['explore'], ['timeline'], ['favorites'], ['recipe-filter-options'], ['cookbooks']],
  'recipe-timeline-event': [['timeline'], ['recipes']],
  'recipe-bulk-report': [['reports'], ['recipes']],
  data: [['reports'], ['recipes'], ['recipe-exports']],
  tag: [['organizers'], ['recipe-filter-options'], ['recipes'], ['explore']],
  category: [['organizers'], ['recipe-filter-options'], ['recipes'], ['explore']],
  tool: [['organizers'], ['recipe-filter-options'], ['recipes'], ['explore']],
  food: [['foods'], ['recipe-filter-options'], ['recipes']],
  unit: [['units'], ['recipes']],
  label: [['labels'], ['foods']],
  cookbook: [['cookbooks'], ['explore']],
  user: [['groups'], ['households'], ['admin']],
  group: [['groups']],
  household: [['households']],
  'mealplan-entry': [['mealplans']],
  'shopping-list': [['shopping-lists']],
  'shopping-list-item': [['shopping-lists']],
  // Someone left a list: the open list's "who is here" (its heartbeat query) asks again, nothing else.
  'shopping-list-presence': [['shopping-presence']],
}

/** The query roots a change of this type makes stale (none for a type this client does not show). */
export function staleRootsOf(type: string): readonly QueryKey[] {
  return staleRootsByArea[type.slice(0, type.indexOf('.'))] ?? []
}

export interface StreamEvent {
  id: string | null
  event: string
  data: string
}

/** The events of a `text/event-stream` body (the poll's answer): blank-line separated blocks of `field: value`. */
export function parseEventStream(text: string): StreamEvent[] {
  const parsed: StreamEvent[] = []
  for (const block of text.split(/\r?\n\r?\n/)) {
    let id: string | null = null
    let event = 'message'
    const data: string[] = []
    for (const line of block.split(/\r?\n/)) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') id = value
      else if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length > 0 || id !== null) parsed.push({ id, event, data: data.join('\n') })
  }
  return parsed
}

/** `live`: the stream is open; `polling`: it could not stay open, so changes arrive within `pollIntervalMs`. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'polling'

/** The part of EventSource this module uses, so that tests can hand in their own. */
export interface EventStream {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

export interface LiveUpdateOptions {
  queryClient: QueryClient
  openStream?: (url: string) => EventStream
  poll?: (url: string) => Promise<string>
  pollIntervalMs?: number
  /** Pokes that arrive within this time make one round of refetches. */
  batchMs?: number
}

const closed = 2

const pollOverHttp = async (url: string) => {
  const token = tokenStorage.read()
  const answer = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!answer.ok) throw new Error(`the poll answered ${answer.status}`)
  return answer.text()
}

/**
 * Keeps this tab's queries fresh while someone else changes what they show: one `/api/live` stream (EventSource
 * reconnects by itself and resumes from the last id it saw; a tab that slept resumes on wake). When the stream cannot
 * stay open (a proxy that buffers, a limit reached, a refusal) it polls `?once=true` every 10 s and tries the stream
 * again, later each time, up to five minutes apart.
 */
export function createLiveUpdates(options: LiveUpdateOptions) {
  const { queryClient } = options
  const openStream = options.openStream ?? ((url: string) => new EventSource(url))
  const poll = options.poll ?? pollOverHttp
  const pollIntervalMs = options.pollIntervalMs ?? 10_000
  const batchMs = options.batchMs ?? 150
  const listeners = new Set<(status: LiveStatus) => void>()
  let status: LiveStatus = 'off'
  let stream: EventStream | null = null
  let lastVersion: string | null = null
  let pending = new Set<string>()
  let everything = false
  let flushTimer: ReturnType<typeof setTimeout> | undefined
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let streamRetryMs = 30_000

  const setStatus = (next: LiveStatus) => {
    if (next === status) return
    status = next
    for (const listener of listeners) listener(next)
  }

  function flush() {
    flushTimer = undefined
    if (everything) void queryClient.invalidateQueries()
    else for (const root of pending) void queryClient.invalidateQueries({ queryKey: JSON.parse(root) as QueryKey })
    pending = new Set()
    everything = false
  }

  function receive(type: string, id: string | null) {
    if (id) lastVersion = id
    if (type === liveResetEvent) everything = true
    else for (const root of staleRootsOf(type)) pending.add(JSON.stringify(root))
    flushTimer ??= setTimeout(flush, batchMs)
  }

  const urlAfter = (extra = '') => {
    const query = new URLSearchParams(extra)
    if (lastVersion) query.set('lastEventId', lastVersion)
    const search = query.toString()
    return `/api/live${search ? `?${search}` : ''}`
  }

  function openLive() {
    if (!options.openStream && typeof EventSource === 'undefined') return fallBackToPolling()
    setStatus(status === 'polling' ? 'polling' : 'connecting')
    const opened = openStream(urlAfter())
    stream = opened
    opened.onopen = () => {
      clearTimeout(pollTimer)
      clearTimeout(retryTimer)
      streamRetryMs = 30_000
      setStatus('live')
    }
    opened.onerror = () => {
      // A dropped connection is retried by EventSource itself; a refusal closes it for good.
      if (opened.readyState === closed && stream === opened) fallBackToPolling()
    }
    for (const type of [...eventNames, liveResetEvent]) {
      opened.addEventListener(type, (message) => receive(type, message.lastEventId || null))
    }
  }

  async function pollOnce() {
    try {
      for (const event of parseEventStream(await poll(urlAfter('once=true')))) receive(event.event, event.id)
    } catch {
      // Offline or refused: the next poll tries again.
    }
  }

  function fallBackToPolling() {
    stream?.close()
    stream = null
    setStatus('polling')
    const tick = () => {
      void pollOnce().finally(() => {
        if (status === 'polling') pollTimer = setTimeout(tick, pollIntervalMs)
      })
    }
    clearTimeout(pollTimer)
    tick()
    clearTimeout(retryTimer)
    if (!options.openStream && typeof EventSource === 'undefined') return
    retryTimer = setTimeout(() => {
      streamRetryMs = Math.min(streamRetryMs * 2, 300_000)
      if (status === 'polling') openLive()
    }, streamRetryMs)
  }

  /** Back from sleep or offline: a stream that gave up is tried again at once. */
  function wake() {
    if (status !== 'polling') return
    clearTimeout(retryTimer)
    void pollOnce()
    openLive()
  }

  return {
    start() {
      if (status !== 'off') return
      openLive()
      window.addEventListener('online', wake)
      document.addEventListener('visibilitychange', wake)
    },
    stop() {
      stream?.close()
      stream = null
      for (const timer of [flushTimer, pollTimer, retryTimer]) clearTimeout(timer)
      flushTimer = undefined
      window.removeEventListener('online', wake)
      document.removeEventListener('visibilitychange', wake)
      setStatus('off')
    },
    status: () => status,
    onStatus: (listener: (status: LiveStatus) => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>
