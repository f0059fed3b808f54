import {
  createShoppingItems,
  deleteShoppingItem,
  getShoppingList,
  getShoppingListChanges,
  updateShoppingItem,
} from '@larder/contracts'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shoppingKitchen } from './shopping-test-kit.js'

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}

describe('the daily pruning of deleted shopping lines', () => {
  it('forgets deletions older than the retention and answers a client behind them the whole list (reset)', async () => {
    const testApp = await shoppingKitchen()
    const { api, cook, db, list } = testApp
    const groceries = await list()
    const params = { id: groceries.id }
    const { createdItems } = await api.ok(createShoppingItems, {
      as: cook,
      body: ['eggs', 'milk', 'bread', 'salt'].map((note) => ({ shoppingListId: groceries.id, note })),
    })
    const [eggs, milk, bread, salt] = createdItems
    const start = (await api.ok(getShoppingList, { as: cook, params })).version
    await api.ok(deleteShoppingItem, { as: cook, params: { id: eggs!.id } }) // start + 1, pruned below
    const afterOld = start + 1
    await api.ok(deleteShoppingItem, { as: cook, params: { id: milk!.id } }) // start + 2, kept
    await api.ok(updateShoppingItem, {
      as: cook,
      params: { id: bread!.id },
      body: { shoppingListId: groceries.id, checked: true },
    })
    await db.execute(sql`update shopping_list_items set updated_at = now() - interval '31 days' where id = ${eggs!.id}`)

    // The schedule is first seen when the app starts; move its last slot a day back so that the next check runs it.
    await testApp.app.ready()
    await until(
      async () =>
        (await db.execute(sql`select 1 from job_schedules where key = 'shopping.prune-tombstones'`)).length === 1,
      'the schedule to be seen',
    )
    await db.execute(
      sql`update job_schedules set last_slot = last_slot - interval '1 day' where key = 'shopping.prune-tombstones'`,
    )
    await testApp.app.jobs.checkSchedules()
    await until(
      async () => (await db.execute(sql`select 1 from shopping_list_items where id = ${eggs!.id}`)).length === 0,
      'the old tombstone to go',
    )
    const kept = await db.execute(sql`select id from shopping_list_items where list_id = ${groceries.id} and deleted`)
    expect(kept.map((row) => row.id)).toEqual([milk!.id])

    // Behind the forgotten deletion: the whole list, to replace what the client holds (eggs are not in it).
    const behind = await api.ok(getShoppingListChanges, { as: cook, params, query: { since: start } })
    expect(behind.reset).toBe(true)
    expect(behind.deletedItemIds).toEqual([])
    expect(behind.items.map((item) => item.id).sort()).toEqual([bread!.id, salt!.id].sort())
    expect(behind.version).toBe(start + 3)
    // Past it: only the changes, the kept deletion among them.
    const after = await api.ok(getShoppingListChanges, { as: cook, params, query: { since: afterOld } })
    expect(after).toMatchObject({ reset: false, deletedItemIds: [milk!.id], version: start + 3 })
    expect(after.items.map((item) => item.id)).toEqual([bread!.id])
  })
})
