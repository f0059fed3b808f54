import { createMealplan, deleteMealplan, listMealplans, updateMealplan, type ReadPlanEntry } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { eventsAfter } from '../../events/outbox.js'

/**
 * Two people dragging entries of one week's planner at once (docs/mealie-compatibility.md "Meal plans"): a drag is a
 * replace of the entry with its new day and meal. Whatever the interleaving, every entry ends in exactly one place,
 * none is lost or doubled, and the last event each entry published says where it is: a client that applies the live
 * events in their order shows what the server holds.
 */
async function twoCooks() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id })
  const mate = await testApp.make.user({ householdId: household.id })
  const soup = await testApp.make.recipe({ owner: cook, name: 'Soup' })
  return { ...testApp, cook, mate, soup }
}

type Cooks = Awaited<ReturnType<typeof twoCooks>>

async function week(cooks: Cooks) {
  const listed = await cooks.api.ok(listMealplans, {
    as: cooks.cook,
    query: { start_date: '2026-03-01', end_date: '2026-03-31', perPage: -1 },
  })
  return listed.items
}

/** Where each entry's last published event puts it: what a client following the live stream shows. */
async function lastEventPlaces(cooks: Cooks) {
  const events = await eventsAfter(cooks.db, cooks.cook.groupId, 0, 500)
  const places = new Map<number, string | null>()
  for (const event of events) {
    const document = event.document as { mealplanId: number; date: string }
    if (event.type === 'mealplan-entry.deleted') places.set(document.mealplanId, null)
    else if (event.type.startsWith('mealplan-entry.')) places.set(document.mealplanId, document.date)
  }
  return places
}

describe('two people dragging the planner at once', () => {
  it('moves ten entries each, interleaved, and every entry ends where its last drag put it, once', async () => {
    const cooks = await twoCooks()
    const { api, cook, mate, soup } = cooks
    const entries = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api.ok(createMealplan, {
          as: cook,
          body: {
            date: '2026-03-02',
            entryType: 'dinner',
            recipeId: index % 2 ? soup.id : null,
            title: `Meal ${index}`,
          },
        }),
      ),
    )
    // The cook drags the even entries to Tuesday's lunch, the mate the odd ones to Wednesday's dinner.
    const drags = entries.map((entry, index) =>
      api.call(updateMealplan, {
        as: index % 2 ? mate : cook,
        params: { id: entry.id },
        body: { ...entry, date: index % 2 ? '2026-03-04' : '2026-03-03', entryType: index % 2 ? 'dinner' : 'lunch' },
      }),
    )
    expect((await Promise.all(drags)).map((answer) => answer.status)).toEqual(Array(20).fill(200))

    const held = await week(cooks)
    expect(held).toHaveLength(20)
    for (const [index, entry] of entries.entries()) {
      const now = held.find((item) => item.id === entry.id)!
      expect([now.date, now.entryType]).toEqual(index % 2 ? ['2026-03-04', 'dinner'] : ['2026-03-03', 'lunch'])
    }
    const places = await lastEventPlaces(cooks)
    for (const entry of held) expect(places.get(entry.id)).toBe(entry.date)
  })

  it('drags one entry to two days at once: it ends on one of them, once, and the live events end there too', async () => {
    const cooks = await twoCooks()
    const { api, cook, mate, soup } = cooks
    for (let round = 0; round < 5; round++) {
      const entry = await api.ok(createMealplan, {
        as: cook,
        body: { date: '2026-03-09', entryType: 'dinner', recipeId: soup.id },
      })
      const [byCook, byMate] = await Promise.all([
        api.call(updateMealplan, { as: cook, params: { id: entry.id }, body: { ...entry, date: '2026-03-10' } }),
        api.call(updateMealplan, { as: mate, params: { id: entry.id }, body: { ...entry, date: '2026-03-11' } }),
      ])
      expect([byCook.status, byMate.status]).toEqual([200, 200])
      const copies = (await week(cooks)).filter((item) => item.id === entry.id)
      expect(copies).toHaveLength(1)
      expect(['2026-03-10', '2026-03-11']).toContain(copies[0]!.date)
      expect((await lastEventPlaces(cooks)).get(entry.id)).toBe(copies[0]!.date)
    }
  })

  it('drags an entry while the other deletes it: the delete wins, and the drag is a 404 that brings nothing back', async () => {
    const cooks = await twoCooks()
    const { api, cook, mate } = cooks
    for (let round = 0; round < 5; round++) {
      const entry: ReadPlanEntry = await api.ok(createMealplan, {
        as: cook,
        body: { date: '2026-03-16', title: `Leftovers ${round}` },
      })
      const [drag, removal] = await Promise.all([
        api.call(updateMealplan, { as: cook, params: { id: entry.id }, body: { ...entry, date: '2026-03-17' } }),
        api.call(deleteMealplan, { as: mate, params: { id: entry.id } }),
      ])
      expect(removal.status).toBe(200)
      expect([200, 404]).toContain(drag.status)
      expect((await week(cooks)).some((item) => item.id === entry.id)).toBe(false)
      expect((await lastEventPlaces(cooks)).get(entry.id)).toBeNull()
    }
  })
})
