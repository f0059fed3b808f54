import { deleteShoppingList, shoppingListGoodbye, shoppingListHeartbeat } from '@larder/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { events, shoppingListPresence } from '../../db/schema/index.js'
import { shoppingKitchen } from './shopping-test-kit.js'

describe('who is here on a shopping list', () => {
  it('answers the other members seen within the window, by name, and forgets those gone', async () => {
    const { api, db, cook, mate, neighbour, stranger, list } = await shoppingKitchen()
    const groceries = await list()
    const params = { id: groceries.id }

    // Alone: the answer is nobody else, and the caller is now here.
    const first = await api.ok(shoppingListHeartbeat, { as: cook, params })
    expect(first).toEqual({ shoppingListId: groceries.id, windowSeconds: 45, people: [] })

    // The mate opens the list: each sees the other, never themselves.
    const mates = await api.ok(shoppingListHeartbeat, { as: mate, params })
    expect(mates.people).toEqual([{ userId: cook.id, username: cook.username, fullName: cook.fullName }])
    const cooks = await api.ok(shoppingListHeartbeat, { as: cook, params })
    expect(cooks.people).toEqual([{ userId: mate.id, username: mate.username, fullName: mate.fullName }])

    // Heartbeats again: still one row per person and list.
    await api.ok(shoppingListHeartbeat, { as: mate, params })
    const rows = await db.select().from(shoppingListPresence).where(eq(shoppingListPresence.listId, groceries.id))
    expect(rows).toHaveLength(2)

    // Another household's member and a stranger do not find the list, and are not counted as here.
    for (const as of [neighbour, stranger]) {
      expect((await api.call(shoppingListHeartbeat, { as, params })).status).toBe(404)
    }
    expect((await api.ok(shoppingListHeartbeat, { as: cook, params })).people.map((person) => person.userId)).toEqual([
      mate.id,
    ])

    // The mate closes the page: a minute later they are no longer here, and the next heartbeat drops their row.
    await db
      .update(shoppingListPresence)
      .set({ lastSeen: sql`now() - interval '60 seconds'` })
      .where(and(eq(shoppingListPresence.listId, groceries.id), eq(shoppingListPresence.userId, mate.id)))
    expect((await api.ok(shoppingListHeartbeat, { as: cook, params })).people).toEqual([])
    const left = await db.select().from(shoppingListPresence).where(eq(shoppingListPresence.listId, groceries.id))
    expect(left.map((row) => row.userId)).toEqual([cook.id])

    // A deleted list takes its presence with it, and answers 404.
    await api.ok(deleteShoppingList, { as: cook, params })
    expect((await api.call(shoppingListHeartbeat, { as: mate, params })).status).toBe(404)
    expect(await db.select().from(shoppingListPresence).where(eq(shoppingListPresence.listId, groceries.id))).toEqual(
      [],
    )
  })

  it('drops a person who says goodbye at once, and tells the household once through a live event', async () => {
    const { app, api, db, cook, mate, neighbour, stranger, list } = await shoppingKitchen()
    const groceries = await list()
    const params = { id: groceries.id }
    await api.ok(shoppingListHeartbeat, { as: cook, params })
    await api.ok(shoppingListHeartbeat, { as: mate, params })
    const presenceEvents = () =>
      db
        .select({ type: events.type, document: events.document, householdId: events.householdId })
        .from(events)
        .where(eq(events.type, 'shopping-list-presence.left'))
        .orderBy(asc(events.version))

    // Another household's member and a stranger find no list to leave: nothing goes, nothing is published.
    for (const as of [neighbour, stranger]) {
      expect((await api.call(shoppingListGoodbye, { as, params })).status).toBe(404)
    }
    expect(await db.select().from(shoppingListPresence)).toHaveLength(2)

    // The mate closes the page: the answer is who else is still here, and the cook no longer sees them.
    const goodbye = await api.ok(shoppingListGoodbye, { as: mate, params })
    expect(goodbye).toEqual({
      shoppingListId: groceries.id,
      windowSeconds: 45,
      people: [{ userId: cook.id, username: cook.username, fullName: cook.fullName }],
    })
    expect((await api.ok(shoppingListHeartbeat, { as: cook, params })).people).toEqual([])
    expect(await presenceEvents()).toEqual([
      {
        type: 'shopping-list-presence.left',
        document: { shoppingListId: groceries.id, userId: mate.id },
        householdId: cook.householdId,
      },
    ])

    // The household's open pages hear it on /api/live; another household of the group does not.
    const replayFor = async (as: typeof cook) =>
      (
        await app.inject({
          url: '/api/live?once=true&lastEventId=0',
          headers: { authorization: api.authorization(as) },
        })
      ).body
    expect(await replayFor(cook)).toContain('event: shopping-list-presence.left')
    expect(await replayFor(neighbour)).not.toContain('shopping-list-presence')

    // A second goodbye (the page's unmount and pagehide both say it) is answered and publishes nothing more.
    await api.ok(shoppingListGoodbye, { as: mate, params })
    expect(await presenceEvents()).toHaveLength(1)
  })

  it('answers parallel goodbyes of one person with one event', async () => {
    const { api, db, cook, list } = await shoppingKitchen()
    const groceries = await list()
    const params = { id: groceries.id }
    await api.ok(shoppingListHeartbeat, { as: cook, params })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.call(shoppingListGoodbye, { as: cook, params })),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(await db.select().from(events).where(eq(events.type, 'shopping-list-presence.left'))).toHaveLength(1)
  })

  it('refuses a list id that is not a uuid with a 4xx and writes nothing', async () => {
    const { api, db, cook } = await shoppingKitchen()
    const answer = await api.call(shoppingListHeartbeat, { as: cook, params: { id: 'not-a-list' } })
    expect(answer.status).toBe(422)
    expect((await api.call(shoppingListGoodbye, { as: cook, params: { id: 'not-a-list' } })).status).toBe(422)
    expect(await db.select().from(shoppingListPresence)).toEqual([])
    expect(await db.select().from(events).where(eq(events.type, 'shopping-list-presence.left'))).toEqual([])
  })
})
