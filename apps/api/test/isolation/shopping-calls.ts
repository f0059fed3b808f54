import { randomBytes } from 'node:crypto'
import {
  labels,
  mealPlanEntries,
  shoppingListItems,
  shoppingListItemShares,
  shoppingListLabels,
  shoppingListPresence,
  shoppingLists,
  shoppingStores,
} from '../../src/db/schema/index.js'
import { insertRecipe } from '../recipe-rows.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

const unique = () => randomBytes(4).toString('hex')
const lists = '/api/households/shopping/lists'
const items = '/api/households/shopping/items'
const stores = '/api/households/shopping/stores'

/** The matrix's cases for shopping lists, items and stores (modules/shopping): each on rows of the caller's household. */
export function shoppingCases(testApp: TestApp): Record<string, EndpointCase> {
  const { db, make } = testApp
  // Numbered, not random: a list orders its labels by name, and the casing sweep's two sides must order them alike.
  let labelNumber = 0

  async function ownList(caller: WorldUser) {
    const [list] = await db
      .insert(shoppingLists)
      .values({ groupId: caller.groupId, householdId: caller.householdId, userId: caller.id, name: `List ${unique()}` })
      .returning()
    return list!
  }
  /** A list of the caller's, and a recipe on the household's plan for 2026-03-02 with one line to buy. */
  async function ownPlannedList(caller: WorldUser) {
    const list = await ownList(caller)
    const recipe = await insertRecipe(db, { ownerId: caller.id, ingredients: [{ note: 'bread' }] })
    await db.insert(mealPlanEntries).values({
      groupId: caller.groupId,
      householdId: caller.householdId,
      userId: caller.id,
      date: '2026-03-02',
      entryType: 'dinner',
      recipeId: recipe.id,
    })
    return list
  }
  const planRange = { startDate: '2026-03-01', endDate: '2026-03-07', leaveOut: [] }
  async function ownItem(caller: WorldUser) {
    const list = await ownList(caller)
    const [item] = await db
      .insert(shoppingListItems)
      .values({ listId: list.id, groupId: caller.groupId, householdId: caller.householdId, note: 'tea', quantity: 1 })
      .returning()
    await db.insert(shoppingListItemShares).values({ itemId: item!.id, source: `own:${item!.id}`, quantity: 1 })
    return { list, item: item! }
  }
  async function ownLabelSetting(caller: WorldUser) {
    const list = await ownList(caller)
    const [label] = await db
      .insert(labels)
      .values({ groupId: caller.groupId, name: `Aisle ${(labelNumber += 1)}` })
      .returning()
    const [setting] = await db
      .insert(shoppingListLabels)
      .values({ listId: list.id, labelId: label!.id, position: 0 })
      .returning()
    return { list, setting: setting! }
  }
  async function ownStore(caller: WorldUser) {
    const [store] = await db
      .insert(shoppingStores)
      .values({ groupId: caller.groupId, householdId: caller.householdId, name: `Store ${unique()}` })
      .returning()
    return store!
  }
  const itemBody = (list: { id: string }) => ({ shoppingListId: list.id, note: `line ${unique()}`, quantity: 2 })

  return {
    'GET /api/households/shopping/lists': {
      rule: 'member',
      request: async (caller) => {
        await ownList(caller)
        return { url: lists }
      },
    },
    'POST /api/households/shopping/lists': {
      rule: 'member',
      allowedStatus: 201,
      request: () => ({ url: lists, payload: { name: `List ${unique()}`, createdAt: '2026-01-02T03:04:05Z' } }),
    },
    'GET /api/households/shopping/lists/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${lists}/${(await ownItem(caller)).list.id}` }),
    },
    'PUT /api/households/shopping/lists/:id': {
      rule: 'member',
      request: async (caller) => {
        const list = await ownList(caller)
        return {
          url: `${lists}/${list.id}`,
          payload: { id: list.id, groupId: caller.groupId, userId: caller.id, name: 'Renamed' },
        }
      },
    },
    'DELETE /api/households/shopping/lists/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${lists}/${(await ownList(caller)).id}` }),
    },
    'GET /api/households/shopping/lists/:id/changes': {
      rule: 'member',
      request: async (caller) => ({ url: `${lists}/${(await ownItem(caller)).list.id}/changes?since=0` }),
    },
    'POST /api/households/shopping/lists/:id/presence': {
      rule: 'member',
      request: async (caller) => ({ url: `${lists}/${(await ownList(caller)).id}/presence` }),
    },
    'DELETE /api/households/shopping/lists/:id/presence': {
      rule: 'member',
      // The caller is here first, so that an allowed goodbye deletes their row and publishes its event.
      request: async (caller) => {
        const list = await ownList(caller)
        await db.insert(shoppingListPresence).values({ listId: list.id, userId: caller.id })
        return { url: `${lists}/${list.id}/presence` }
      },
    },
    'POST /api/households/shopping/lists/:id/recipe/:recipeId': {
      rule: 'member',
      request: async (caller) => {
        const list = await ownList(caller)
        const recipe = await make.recipe({ owner: caller, name: `Recipe ${unique()}` })
        return { url: `${lists}/${list.id}/recipe/${recipe.id}`, payload: { recipeIncrementQuantity: 2 } }
      },
    },
    'POST /api/households/shopping/lists/:id/recipe/:recipeId/delete': {
      rule: 'member',
      request: async (caller) => {
        const list = await ownList(caller)
        const recipe = await make.recipe({ owner: caller, name: `Recipe ${unique()}` })
        return { url: `${lists}/${list.id}/recipe/${recipe.id}/delete`, payload: { recipeDecrementQuantity: 1 } }
      },
    },
    'POST /api/households/shopping/lists/:id/mealplan/preview': {
      rule: 'member',
      request: async (caller) => ({
        url: `${lists}/${(await ownPlannedList(caller)).id}/mealplan/preview`,
        payload: planRange,
      }),
    },
    'POST /api/households/shopping/lists/:id/mealplan': {
      rule: 'member',
      request: async (caller) => ({
        url: `${lists}/${(await ownPlannedList(caller)).id}/mealplan`,
        payload: planRange,
      }),
    },
    'PUT /api/households/shopping/lists/:id/label-settings': {
      rule: 'member',
      request: async (caller) => {
        const { list, setting } = await ownLabelSetting(caller)
        return { url: `${lists}/${list.id}/label-settings`, payload: [{ ...setting, shoppingListId: list.id }] }
      },
    },
    'GET /api/households/shopping/items': {
      rule: 'member',
      request: async (caller) => {
        await ownItem(caller)
        return { url: items }
      },
    },
    'POST /api/households/shopping/items': {
      rule: 'member',
      allowedStatus: 201,
      request: async (caller) => ({ url: items, payload: itemBody(await ownList(caller)) }),
    },
    'POST /api/households/shopping/items/create-bulk': {
      rule: 'member',
      allowedStatus: 201,
      request: async (caller) => {
        const list = await ownList(caller)
        return { url: `${items}/create-bulk`, payload: [itemBody(list), itemBody(list)] }
      },
    },
    'GET /api/households/shopping/items/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${items}/${(await ownItem(caller)).item.id}` }),
    },
    'PUT /api/households/shopping/items': {
      rule: 'member',
      request: async (caller) => {
        const { list, item } = await ownItem(caller)
        return { url: items, payload: [{ id: item.id, shoppingListId: list.id, checked: true }] }
      },
    },
    'PUT /api/households/shopping/items/:id': {
      rule: 'member',
      request: async (caller) => {
        const { list, item } = await ownItem(caller)
        return { url: `${items}/${item.id}`, payload: { shoppingListId: list.id, quantityIncrement: 1 } }
      },
    },
    'DELETE /api/households/shopping/items': {
      rule: 'member',
      request: async (caller) => ({ url: `${items}?ids=${(await ownItem(caller)).item.id}` }),
    },
    'DELETE /api/households/shopping/items/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${items}/${(await ownItem(caller)).item.id}` }),
    },
    'GET /api/households/shopping/stores': {
      rule: 'member',
      request: async (caller) => {
        await ownStore(caller)
        return { url: stores }
      },
    },
    'POST /api/households/shopping/stores': {
      rule: 'member',
      allowedStatus: 201,
      request: () => ({ url: stores, payload: { name: `Store ${unique()}`, labelOrder: [] } }),
    },
    'GET /api/households/shopping/stores/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${stores}/${(await ownStore(caller)).id}` }),
    },
    'PUT /api/households/shopping/stores/:id': {
      rule: 'member',
      request: async (caller) => ({
        url: `${stores}/${(await ownStore(caller)).id}`,
        payload: { name: `Store ${unique()}`, labelOrder: [] },
      }),
    },
    'DELETE /api/households/shopping/stores/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `${stores}/${(await ownStore(caller)).id}` }),
    },
  }
}
