import { tagEndpoints } from '@larder/contracts'
import { describe, expect, it, vi } from 'vitest'
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app.js'
import { whenDone } from '../../test/test-database.js'
import { createNotificationHub } from './notification-hub.js'
import type { StoredEvent } from './outbox.js'

/** What a subscriber heard, by version. */
function recorder() {
  const heard: StoredEvent[] = []
  return {
    heard,
    versions: () => heard.map((event) => event.version),
    listener: (events: readonly StoredEvent[]) => heard.push(...events),
  }
}

async function organizerIn(testApp: TestApp) {
  return testApp.make.user({ canOrganize: true })
}

const listeningPids = (testApp: TestApp) =>
  testApp.sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`

describe('the notification hub', () => {
  it('hears a change made through another instance within a second', async () => {
    const testApp = await createTestApp()
    const second = await createSecondInstance(testApp)
    await testApp.app.ready()
    const cook = await organizerIn(testApp)
    const heard = recorder()
    const subscription = await testApp.app.notificationHub.subscribe(cook.groupId, null, heard.listener)
    await vi.waitFor(async () => expect((await listeningPids(testApp)).length).toBeGreaterThan(0))

    const startedAt = Date.now()
    const tag = await second.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Quick' } })
    await vi.waitFor(() => expect(heard.versions()).toEqual([1]), { timeout: 1_000, interval: 5 })
    expect(Date.now() - startedAt).toBeLessThan(1_000)
    expect(heard.heard[0]).toMatchObject({ type: 'tag.created', document: { tagId: tag.id } })
    subscription.unsubscribe()
  })

  it('replays from the outbox what was committed without a notification, and what a subscriber missed while away', async () => {
    const testApp = await createTestApp()
    const cook = await organizerIn(testApp)
    const hub = testApp.app.notificationHub
    await testApp.app.ready()
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'One' } })
    const live = recorder()
    await hub.subscribe(cook.groupId, 1, live.listener)

    // As if the process died between the commit and the notification: the row is there, no notification ever comes.
    await testApp.sql.begin(async (transaction) => {
      await transaction`set local session_replication_role = replica`
      await transaction`insert into event_versions (group_id, version) values (${cook.groupId}, 2)
        on conflict (group_id) do update set version = 2`
      await transaction`insert into events (group_id, version, household_only, type, document)
        values (${cook.groupId}, 2, false, 'tag.created', '{"tagId": "00000000-0000-4000-8000-000000000001", "tagSlug": "two"}')`
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(live.versions()).toEqual([])
    await hub.catchUp() // what the periodic check does
    expect(live.versions()).toEqual([2])

    // A subscriber that comes back (a restarted instance, a woken phone) with the last version it had.
    const returning = recorder()
    const resumed = await hub.subscribe(cook.groupId, 0, returning.listener)
    expect(resumed.reset).toBe(false)
    expect(returning.versions()).toEqual([1, 2])
  })

  it('hears changes again after its listening connection is killed, catching up on what came meanwhile', async () => {
    const testApp = await createTestApp()
    const cook = await organizerIn(testApp)
    await testApp.app.ready()
    const heard = recorder()
    await testApp.app.notificationHub.subscribe(cook.groupId, null, heard.listener)
    await vi.waitFor(async () => expect(await listeningPids(testApp)).toHaveLength(1), { timeout: 5_000 })
    const [killed] = await listeningPids(testApp)
    await testApp.sql`select pg_terminate_backend(${killed!.pid})`
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'While away' } })
    await vi.waitFor(() => expect(heard.versions()).toEqual([1]), { timeout: 5_000 })
    await vi.waitFor(async () => expect(await listeningPids(testApp)).toHaveLength(1), { timeout: 5_000 })
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'After' } })
    await vi.waitFor(() => expect(heard.versions()).toEqual([1, 2]), { timeout: 2_000 })
  })

  it('tells a subscriber too far behind, or ahead of the outbox, to reset, and hears the rest from there', async () => {
    const testApp = await createTestApp()
    const cook = await organizerIn(testApp)
    const hub = createNotificationHub({ db: testApp.db, sql: testApp.sql, log: () => undefined, maximumReplay: 2 })
    hub.start()
    whenDone(() => hub.stop())
    for (const name of ['a', 'b', 'c']) await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name } })

    expect(await hub.subscribe(cook.groupId, 0, () => undefined)).toMatchObject({ reset: true, version: 3 })
    expect(await hub.subscribe(cook.groupId, 9, () => undefined)).toMatchObject({ reset: true, version: 3 })
    const near = recorder()
    expect(await hub.subscribe(cook.groupId, 1, near.listener)).toMatchObject({ reset: false })
    expect(near.versions()).toEqual([2, 3])
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'd' } })
    await vi.waitFor(() => expect(near.versions()).toEqual([2, 3, 4]), { timeout: 2_000 })
  })

  it('hears nothing of another group', async () => {
    const testApp = await createTestApp()
    const [cook, stranger] = [await organizerIn(testApp), await organizerIn(testApp)]
    await testApp.app.ready()
    const heard = recorder()
    await testApp.app.notificationHub.subscribe(cook.groupId, null, heard.listener)
    await testApp.api.ok(tagEndpoints.create, { as: stranger, body: { name: 'Theirs' } })
    await testApp.api.ok(tagEndpoints.create, { as: cook, body: { name: 'Ours' } })
    await vi.waitFor(() => expect(heard.heard.map((event) => event.groupId)).toEqual([cook.groupId]), {
      timeout: 2_000,
    })
  })
})
