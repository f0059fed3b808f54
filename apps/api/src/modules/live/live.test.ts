import { createCookbook, openLiveEvents, tagEndpoints } from '@larder/contracts'
import { describe, expect, it, vi } from 'vitest'
import type { Caller } from '../../http/authentication.js'
import { createLiveService, type EventSink, type LiveLimits } from './service.js'
import { listenOnLoopback } from '../../../test/listening-server.js'
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.js'

interface LiveEvent {
  id?: string
  event?: string
  data?: unknown
}

/** A `/api/live` stream read as it arrives: its headers, and the events parsed from it so far. */
async function openStream(base: string, authorization: string, headers: Record<string, string> = {}) {
  const abort = new AbortController()
  const response = await fetch(`${base}/api/live`, {
    headers: { authorization, ...headers },
    signal: abort.signal,
  })
  const events: LiveEvent[] = []
  let comments = 0
  const reading = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffered = ''
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true })
        let end: number
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          const event: LiveEvent = {}
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1
            else if (line.startsWith('id: ')) event.id = line.slice(4)
            else if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6))
          }
          if (event.event) events.push(event)
        }
      }
    } catch {
      // aborted by the test
    }
  })()
  return {
    response,
    events,
    comments: () => comments,
    async close() {
      abort.abort()
      await reading
    },
  }
}

async function until(condition: () => boolean, timeoutMs: number) {
  const startedAt = Date.now()
  while (!condition()) {
    if (Date.now() - startedAt > timeoutMs) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return Date.now() - startedAt
}

async function liveApp(environment: Record<string, string> = {}) {
  const testApp = await createTestApp(environment)
  const server = await listenOnLoopback(testApp.app)
  return { testApp, base: server.base }
}

const organizer = (testApp: TestApp) => testApp.make.user({ canOrganize: true })

describe('GET /api/live', () => {
  it('streams a change made on another instance within a second, as id, event and a poke of ids', async () => {
    const { testApp, base } = await liveApp()
    const second = await createSecondInstance(testApp)
    const cook = await organizer(testApp)
    const stream = await openStream(base, testApp.api.authorization(cook))
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.response.headers.get('cache-control')).toContain('no-transform')
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no')
    await until(() => stream.comments() > 0, 2_000)

    const tag = await second.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Quick' } })
    const waited = await until(() => stream.events.length > 0, 1_000)
    expect(waited).toBeLessThan(1_000)
    expect(stream.events).toEqual([
      { id: '1', event: 'tag.created', data: { version: 1, tagId: tag.id, tagSlug: 'quick' } },
    ])
    await stream.close()
  })

  it('resumes after Last-Event-ID, and answers one reset when the gap is too old to replay', async () => {
    const { testApp, base } = await liveApp()
    const cook = await organizer(testApp)
    for (const name of ['a', 'b', 'c']) await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name } })
    const resumed = await openStream(base, testApp.api.authorization(cook), { 'last-event-id': '1' })
    await until(() => resumed.events.length === 2, 2_000)
    expect(resumed.events.map((event) => [event.id, event.event])).toEqual([
      ['2', 'tag.created'],
      ['3', 'tag.created'],
    ])
    await resumed.close()

    // Far more changes than a replay carries (events written straight into the outbox, as a busy group would).
    await testApp.sql`insert into events (group_id, version, household_only, type, document)
      select ${cook.groupId}, version, false, 'tag.deleted', jsonb_build_object('tagId', gen_random_uuid(), 'tagSlug', 'x')
      from generate_series(4, 2003) as version`
    await testApp.sql`update event_versions set version = 2003 where group_id = ${cook.groupId}`
    const behind = await openStream(base, testApp.api.authorization(cook), { 'last-event-id': '2' })
    await until(() => behind.events.length === 1, 2_000)
    expect(behind.events).toEqual([{ id: '2003', event: 'reset', data: { version: 2003 } }])
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'after' } })
    await until(() => behind.events.length === 2, 2_000)
    expect(behind.events[1]).toMatchObject({ id: '2004', event: 'tag.created' })
    await behind.close()
  })

  it("keeps a household's cookbooks to its members, and a group's changes to the group", async () => {
    const { testApp, base } = await liveApp()
    const cook = await organizer(testApp)
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: cook.groupId })).id,
    })
    const stranger = await testApp.make.user()
    const streams = {
      cook: await openStream(base, testApp.api.authorization(cook)),
      neighbour: await openStream(base, testApp.api.authorization(neighbour)),
      stranger: await openStream(base, testApp.api.authorization(stranger)),
    }
    await until(() => Object.values(streams).every((stream) => stream.comments() > 0), 2_000)
    await testApp.api.ok(createCookbook, { as: cook, body: { name: 'Ours' } })
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Shared' } })
    await until(() => streams.cook.events.length === 2 && streams.neighbour.events.length === 1, 2_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(streams.cook.events.map((event) => event.event)).toEqual(['cookbook.created', 'tag.created'])
    expect(streams.neighbour.events.map((event) => [event.id, event.event])).toEqual([['2', 'tag.created']])
    expect(streams.stranger.events).toEqual([])
    for (const stream of Object.values(streams)) await stream.close()
  })

  it('refuses a stream past the per-user limit with a 429, and admits one again once another closes', async () => {
    const { testApp, base } = await liveApp({ LIVE_STREAMS_PER_USER: '2' })
    const cook = await organizer(testApp)
    const authorization = testApp.api.authorization(cook)
    const [first, second] = [await openStream(base, authorization), await openStream(base, authorization)]
    const third = await fetch(`${base}/api/live`, { headers: { authorization } })
    expect(third.status).toBe(429)
    expect(await third.json()).toMatchObject({ detail: { message: expect.stringContaining('live streams') } })
    // The server hears the client go a moment after it aborts.
    await first.close()
    let again: Awaited<ReturnType<typeof openStream>> | undefined
    for (let attempt = 0; attempt < 50; attempt += 1) {
      again = await openStream(base, authorization)
      if (again.response.status === 200) break
      await again.close()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(again!.response.status).toBe(200)
    await again!.close()
    await second.close()
  })

  it('answers what there is after a version and ends, for a client that polls', async () => {
    const testApp = await createTestApp()
    const cook = await organizer(testApp)
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Quick' } })
    const answer = await testApp.app.inject({
      url: '/api/live?once=true&lastEventId=0',
      headers: { authorization: testApp.api.authorization(cook) },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('id: 1\nevent: tag.created\ndata: {"version":1,')
    const unsigned = await testApp.app.inject({ url: '/api/live?once=true' })
    expect(unsigned.statusCode).toBe(401)
    expect(openLiveEvents.path).toBe('/api/live')
  })

  describe('the streams it holds', () => {
    const limits: LiveLimits = {
      streamsPerUser: 1,
      streamsPerInstance: 10,
      heartbeatMs: 60_000,
      maximumQueuedBytes: 64 * 1024,
      maximumLifetimeMs: 60_000,
    }
    /** A response that records what is written to it, as slow to read as `queued` says. */
    function recordingSink(queued = () => 0) {
      const sink = { frames: [] as string[], ended: false }
      const writer: EventSink = {
        write: (frame) => sink.frames.push(frame) > 0,
        queuedBytes: queued,
        end: () => void (sink.ended = true),
      }
      return { sink, start: () => ({ sink: writer, onClientGone: () => undefined }) }
    }
    const callerOf = (user: { id: string; groupId: string; householdId: string }) =>
      ({ userId: user.id, groupId: user.groupId, householdId: user.householdId }) as unknown as Caller

    it('ends a stream after its lifetime, so that its client reconnects and is authenticated again', async () => {
      const testApp = await createTestApp()
      await testApp.app.ready()
      const cook = await organizer(testApp)
      const live = createLiveService({
        hub: testApp.app.notificationHub,
        limits: { ...limits, maximumLifetimeMs: 100 },
      })
      const first = recordingSink()
      await live.open(callerOf(cook), null, { once: false }, first.start)
      expect(live.openStreams()).toBe(1)
      await vi.waitFor(() => expect(first.sink.ended).toBe(true), { timeout: 1_000 })
      expect(live.openStreams()).toBe(0)
      // Its place under the per-user limit (one, here) is free again.
      await live.open(callerOf(cook), null, { once: false }, recordingSink().start)
      live.closeAll()
    })

    it('cuts off a client that leaves too much unread', async () => {
      const testApp = await createTestApp()
      await testApp.app.ready()
      const cook = await organizer(testApp)
      const live = createLiveService({ hub: testApp.app.notificationHub, limits })
      let unread = 0
      const slow = recordingSink(() => unread)
      await live.open(callerOf(cook), null, { once: false }, slow.start)
      unread = limits.maximumQueuedBytes + 1
      await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Unread' } })
      await vi.waitFor(() => expect(slow.sink.ended).toBe(true), { timeout: 2_000 })
      expect(live.openStreams()).toBe(0)
    })
  })
})
