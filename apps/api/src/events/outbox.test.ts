import { randomUUID } from 'node:crypto'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createTestApp } from '../../test/test-app.js'
import { connectDatabase } from '../db/client.js'
import { eventsAfter, latestVersions, publish } from './outbox.js'

const tagEvent = () => ({ type: 'tag.created' as const, document: { tagId: randomUUID(), tagSlug: 'soup' } })

describe('the outbox', () => {
  it('numbers a group’s events 1, 2, 3 … and each group’s on its own', async () => {
    const { db, make } = await createTestApp()
    const [first, second] = [await make.user(), await make.user()]
    const origin = (user: typeof first) => ({ groupId: user.groupId, householdId: user.householdId, userId: user.id })
    await db.transaction((tx) => publish(tx, origin(first), tagEvent(), tagEvent()))
    await db.transaction((tx) => publish(tx, origin(first), tagEvent()))
    await db.transaction((tx) => publish(tx, origin(second), tagEvent()))

    expect((await eventsAfter(db, first.groupId, 0, 10)).map((event) => event.version)).toEqual([1, 2, 3])
    expect((await eventsAfter(db, second.groupId, 0, 10)).map((event) => event.version)).toEqual([1])
    expect(await latestVersions(db, [first.groupId, second.groupId, randomUUID()])).toEqual(
      new Map([
        [first.groupId, 3],
        [second.groupId, 1],
        [expect.any(String), 0],
      ]),
    )
  })

  it('publishes nothing from a transaction that rolls back, and takes no version for it', async () => {
    const { db, make } = await createTestApp()
    const user = await make.user()
    const origin = { groupId: user.groupId, householdId: user.householdId, userId: user.id }
    await expect(
      db.transaction(async (tx) => {
        await publish(tx, origin, tagEvent())
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await eventsAfter(db, user.groupId, 0, 10)).toEqual([])

    await db.transaction((tx) => publish(tx, origin, tagEvent()))
    expect((await eventsAfter(db, user.groupId, 0, 10)).map((event) => event.version)).toEqual([1])
  })

  it('makes a second writer of the group wait for the first, so no reader sees version 2 before version 1', async () => {
    const { make, sql, databaseUrl } = await createTestApp()
    // Two transactions open at once need two connections, whatever pool size the suite runs with (CI runs one).
    const connection = connectDatabase(databaseUrl, { maxConnections: 2, acquireTimeoutSeconds: 5 })
    onTestFinished(() => connection.close())
    const { db } = connection
    const user = await make.user()
    const origin = { groupId: user.groupId, householdId: user.householdId, userId: user.id }
    let releaseFirst!: () => void
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve))
    let firstPublished!: () => void
    const published = new Promise<void>((resolve) => (firstPublished = resolve))
    const first = db.transaction(async (tx) => {
      await publish(tx, origin, tagEvent())
      firstPublished()
      await firstHolds
    })
    await published
    let secondDone = false
    const second = db.transaction((tx) => publish(tx, origin, tagEvent())).then(() => (secondDone = true))
    // The second is blocked on the group's version row: nothing of either is visible, the second has not committed.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(secondDone).toBe(false)
    expect(await sql`select version from events where group_id = ${user.groupId}`).toHaveLength(0)
    releaseFirst()
    await Promise.all([first, second])
    expect((await eventsAfter(db, user.groupId, 0, 10)).map((event) => event.version)).toEqual([1, 2])
  })

  it('refuses an event whose document lacks its ids, failing the change’s own transaction', async () => {
    const { db, make } = await createTestApp()
    const user = await make.user()
    const origin = { groupId: user.groupId, householdId: user.householdId, userId: user.id }
    const broken = { type: 'tag.created', document: { tagSlug: 'soup' } } as unknown as ReturnType<typeof tagEvent>
    await expect(db.transaction((tx) => publish(tx, origin, broken))).rejects.toThrow()
    expect(await eventsAfter(db, user.groupId, 0, 10)).toEqual([])
  })

  it('keeps household-only events to their household, and group-wide ones to none', async () => {
    const { db, make } = await createTestApp()
    const user = await make.user()
    const origin = { groupId: user.groupId, householdId: user.householdId, userId: user.id }
    await db.transaction((tx) =>
      publish(tx, origin, tagEvent(), {
        type: 'cookbook.created',
        document: { cookbookId: randomUUID(), cookbookSlug: 'weeknights' },
      }),
    )
    const [tag, cookbook] = await eventsAfter(db, user.groupId, 0, 10)
    expect(tag).toMatchObject({ type: 'tag.created', householdId: null, householdOnly: false, actorId: user.id })
    expect(cookbook).toMatchObject({ type: 'cookbook.created', householdId: user.householdId, householdOnly: true })
  })
})
