import {
  createShoppingItem,
  createShoppingStore,
  deleteShoppingItems,
  deleteShoppingList,
  deleteShoppingStore,
  getShoppingStore,
  listShoppingStores,
  seedLabels,
  updateShoppingItem,
  updateShoppingStore,
} from '@larder/contracts'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { events } from '../../db/schema/index.js'
import { shoppingKitchen } from './shopping-test-kit.js'

describe('shopping stores', () => {
  it('keeps several stores per household, each with its own label order', async () => {
    const { api, cook, mate, neighbour, stranger, label } = await shoppingKitchen()
    const produce = await label('Produce 4')
    const dairy = await label('Dairy 4')
    const market = await api.call(createShoppingStore, {
      as: cook,
      body: { name: 'Market', labelOrder: [produce.id, dairy.id] },
    })
    expect(market.status).toBe(201)
    const corner = await api.ok(createShoppingStore, {
      as: mate,
      body: { name: 'Corner shop', labelOrder: [dairy.id, produce.id, dairy.id] },
    })
    expect(corner.labelOrder).toEqual([dairy.id, produce.id])
    const marketId = (market.body as { id: string }).id
    const changed = await api.ok(updateShoppingStore, {
      as: mate,
      params: { id: marketId },
      body: { name: 'Farmers market', labelOrder: [dairy.id] },
    })
    expect(changed).toMatchObject({ name: 'Farmers market', labelOrder: [dairy.id], householdId: cook.householdId })
    const page = await api.ok(listShoppingStores, { as: cook, query: { orderBy: 'name', orderDirection: 'asc' } })
    expect(page.items.map((store) => store.name)).toEqual(['Corner shop', 'Farmers market'])
    // Same name twice in a household: 409. Another household may use it.
    expect((await api.call(createShoppingStore, { as: cook, body: { name: 'Corner shop' } })).status).toBe(409)
    expect((await api.call(createShoppingStore, { as: neighbour, body: { name: 'Corner shop' } })).status).toBe(201)
    for (const as of [neighbour, stranger]) {
      expect((await api.call(getShoppingStore, { as, params: { id: marketId } })).status).toBe(404)
      expect(
        (await api.call(updateShoppingStore, { as, params: { id: marketId }, body: { name: 'Mine' } })).status,
      ).toBe(404)
      expect((await api.call(deleteShoppingStore, { as, params: { id: marketId } })).status).toBe(404)
      expect((await api.ok(listShoppingStores, { as, query: {} })).items.map((store) => store.id)).not.toContain(
        marketId,
      )
    }
    expect(await api.ok(deleteShoppingStore, { as: cook, params: { id: marketId } })).toMatchObject({
      name: 'Farmers market',
    })
    expect((await api.call(getShoppingStore, { as: cook, params: { id: marketId } })).status).toBe(404)
  })

  it('refuses a label of another group in a store’s order', async () => {
    const { api, cook } = await shoppingKitchen()
    const theirs = await shoppingKitchen()
    const foreign = await theirs.label('Foreign 4')
    const refused = await api.call(createShoppingStore, { as: cook, body: { name: 'Odd', labelOrder: [foreign.id] } })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ detail: [{ loc: ['body', 'labelOrder', 0] }] })
    expect((await api.ok(listShoppingStores, { as: cook, query: {} })).total).toBe(0)
  })

  it('gives every list the labels a seeder adds, after the ones it has', async () => {
    const { api, cook, list, label } = await shoppingKitchen()
    await label('Zz first 4')
    const groceries = await list()
    await api.ok(seedLabels, { as: cook, body: { locale: 'en-US' } })
    const { getShoppingList } = await import('@larder/contracts')
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(after.labelSettings.length).toBeGreaterThan(1)
    expect(after.labelSettings[0]!.label.name).toBe('Zz first 4')
    expect(after.labelSettings.map((setting) => setting.position)).toEqual(after.labelSettings.map((_, index) => index))
  })
})

describe('shopping events', () => {
  it('announces list and line changes through the outbox', async () => {
    const { api, db, cook, list } = await shoppingKitchen()
    const groceries = await list()
    const created = await api.ok(createShoppingItem, { as: cook, body: { shoppingListId: groceries.id, note: 'tea' } })
    const id = created.createdItems[0]!.id
    await api.ok(updateShoppingItem, {
      as: cook,
      params: { id },
      body: { shoppingListId: groceries.id, checked: true },
    })
    await api.ok(deleteShoppingItems, { as: cook, query: { ids: [id] } })
    await api.ok(deleteShoppingList, { as: cook, params: { id: groceries.id } })
    const published = await db
      .select({ type: events.type, document: events.document, householdId: events.householdId })
      .from(events)
      .where(eq(events.groupId, cook.groupId))
      .orderBy(asc(events.version))
    expect(published.filter((event) => event.type.startsWith('shopping'))).toEqual([
      { type: 'shopping-list.created', document: { shoppingListId: groceries.id }, householdId: cook.householdId },
      {
        type: 'shopping-list-item.created',
        document: { shoppingListId: groceries.id, shoppingListItemIds: [id] },
        householdId: cook.householdId,
      },
      {
        type: 'shopping-list-item.updated',
        document: { shoppingListId: groceries.id, shoppingListItemIds: [id] },
        householdId: cook.householdId,
      },
      {
        type: 'shopping-list-item.deleted',
        document: { shoppingListId: groceries.id, shoppingListItemIds: [id] },
        householdId: cook.householdId,
      },
      { type: 'shopping-list.deleted', document: { shoppingListId: groceries.id }, householdId: cook.householdId },
    ])
  })
})
