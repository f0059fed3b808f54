import {
  addMealPlanToShoppingList,
  addRecipeToShoppingList,
  createShoppingItem,
  createShoppingItems,
  createShoppingList,
  createShoppingStore,
  deleteShoppingItem,
  deleteShoppingItems,
  deleteShoppingList,
  deleteShoppingStore,
  getShoppingItem,
  getShoppingList,
  getShoppingListChanges,
  getShoppingStore,
  listShoppingItems,
  listShoppingLists,
  listShoppingStores,
  previewMealPlanOnShoppingList,
  removeRecipeFromShoppingList,
  shoppingListGoodbye,
  shoppingListHeartbeat,
  updateShoppingItem,
  updateShoppingItems,
  updateShoppingList,
  updateShoppingListLabelSettings,
  updateShoppingStore,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { PresenceService } from './presence.service.js'
import type { ShoppingService } from './service.js'
import type { StoreService } from './stores.service.js'

export function registerShoppingRoutes(
  app: FastifyInstance,
  shopping: ShoppingService,
  stores: StoreService,
  presence: PresenceService,
): void {
  // Lists
  registerEndpoint(app, listShoppingLists, ({ caller, query }) =>
    shopping.pageLists(caller, query, '/households/shopping/lists'),
  )
  registerEndpoint(app, createShoppingList, async ({ caller, body, reply }) =>
    reply.status(201).send(await shopping.createList(caller, body)),
  )
  registerEndpoint(app, getShoppingList, ({ caller, params }) => shopping.getList(caller, params.id))
  registerEndpoint(app, updateShoppingList, ({ caller, params, body }) => shopping.updateList(caller, params.id, body))
  registerEndpoint(app, deleteShoppingList, ({ caller, params }) => shopping.deleteList(caller, params.id))
  registerEndpoint(app, getShoppingListChanges, ({ caller, params, query }) =>
    shopping.changes(caller, params.id, query.since),
  )
  registerEndpoint(app, shoppingListHeartbeat, ({ caller, params }) => presence.heartbeat(caller, params.id))
  registerEndpoint(app, shoppingListGoodbye, ({ caller, params }) => presence.goodbye(caller, params.id))
  registerEndpoint(app, addRecipeToShoppingList, ({ caller, params, body }) =>
    shopping.addRecipe(caller, params.id, params.recipeId, body),
  )
  registerEndpoint(app, removeRecipeFromShoppingList, ({ caller, params, body }) =>
    shopping.removeRecipe(caller, params.id, params.recipeId, body),
  )
  registerEndpoint(app, previewMealPlanOnShoppingList, ({ caller, params, body }) =>
    shopping.previewMealPlan(caller, params.id, body),
  )
  registerEndpoint(app, addMealPlanToShoppingList, ({ caller, params, body }) =>
    shopping.addMealPlan(caller, params.id, body),
  )
  registerEndpoint(app, updateShoppingListLabelSettings, ({ caller, params, body }) =>
    shopping.setLabelSettings(caller, params.id, body),
  )
  // Items (Mealie builds the items' next/previous links from the lists' path: docs/mealie-compatibility.md "Shopping lists").
  registerEndpoint(app, listShoppingItems, ({ caller, query }) =>
    shopping.pageItems(caller, query, '/households/shopping/lists'),
  )
  registerEndpoint(app, createShoppingItem, async ({ caller, body, reply }) =>
    reply.status(201).send(await shopping.createItems(caller, [body])),
  )
  registerEndpoint(app, createShoppingItems, async ({ caller, body, reply }) =>
    reply.status(201).send(await shopping.createItems(caller, body)),
  )
  registerEndpoint(app, getShoppingItem, ({ caller, params }) => shopping.getItem(caller, params.id))
  registerEndpoint(app, updateShoppingItems, ({ caller, body }) => shopping.updateItems(caller, body))
  registerEndpoint(app, updateShoppingItem, ({ caller, params, body }) => shopping.updateItem(caller, params.id, body))
  registerEndpoint(app, deleteShoppingItems, ({ caller, query }) => shopping.deleteItems(caller, query.ids))
  registerEndpoint(app, deleteShoppingItem, ({ caller, params }) => shopping.deleteItem(caller, params.id))
  // Stores
  registerEndpoint(app, listShoppingStores, ({ caller, query }) =>
    stores.page(caller, query, '/households/shopping/stores'),
  )
  registerEndpoint(app, createShoppingStore, async ({ caller, body, reply }) =>
    reply.status(201).send(await stores.create(caller, body)),
  )
  registerEndpoint(app, getShoppingStore, ({ caller, params }) => stores.get(caller, params.id))
  registerEndpoint(app, updateShoppingStore, ({ caller, params, body }) => stores.update(caller, params.id, body))
  registerEndpoint(app, deleteShoppingStore, ({ caller, params }) => stores.delete(caller, params.id))
}
