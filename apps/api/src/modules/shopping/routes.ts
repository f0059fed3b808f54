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
import type { ItemService } from './items.service.js'
import type { ListService } from './lists.service.js'
import type { MealPlanShoppingService } from './mealplan.service.js'
import type { PresenceService } from './presence.service.js'
import type { ListRecipeService } from './recipes.service.js'
import type { StoreService } from './stores.service.js'

export function registerShoppingRoutes(
  app: FastifyInstance,
  services: {
    lists: ListService
    items: ItemService
    recipes: ListRecipeService
    mealplan: MealPlanShoppingService
    stores: StoreService
    presence: PresenceService
  },
): void {
  const { lists, items, recipes, mealplan, stores, presence } = services
  // Lists
  registerEndpoint(app, listShoppingLists, ({ caller, query }) =>
    lists.pageLists(caller, query, '/households/shopping/lists'),
  )
  registerEndpoint(app, createShoppingList, async ({ caller, body, reply }) =>
    reply.status(201).send(await lists.createList(caller, body)),
  )
  registerEndpoint(app, getShoppingList, ({ caller, params }) => lists.getList(caller, params.id))
  registerEndpoint(app, updateShoppingList, ({ caller, params, body }) => lists.updateList(caller, params.id, body))
  registerEndpoint(app, deleteShoppingList, ({ caller, params }) => lists.deleteList(caller, params.id))
  registerEndpoint(app, getShoppingListChanges, ({ caller, params, query }) =>
    lists.changes(caller, params.id, query.since),
  )
  registerEndpoint(app, shoppingListHeartbeat, ({ caller, params }) => presence.heartbeat(caller, params.id))
  registerEndpoint(app, shoppingListGoodbye, ({ caller, params }) => presence.goodbye(caller, params.id))
  registerEndpoint(app, addRecipeToShoppingList, ({ caller, params, body }) =>
    recipes.addRecipe(caller, params.id, params.recipeId, body),
  )
  registerEndpoint(app, removeRecipeFromShoppingList, ({ caller, params, body }) =>
    recipes.removeRecipe(caller, params.id, params.recipeId, body),
  )
  registerEndpoint(app, previewMealPlanOnShoppingList, ({ caller, params, body }) =>
    mealplan.previewMealPlan(caller, params.id, body),
  )
  registerEndpoint(app, addMealPlanToShoppingList, ({ caller, params, body }) =>
    mealplan.addMealPlan(caller, params.id, body),
  )
  registerEndpoint(app, updateShoppingListLabelSettings, ({ caller, params, body }) =>
    lists.setLabelSettings(caller, params.id, body),
  )
  // Items (Mealie builds the items' next/previous links from the lists' path: docs/mealie-compatibility.md "Shopping lists").
  registerEndpoint(app, listShoppingItems, ({ caller, query }) =>
    items.pageItems(caller, query, '/households/shopping/lists'),
  )
  registerEndpoint(app, createShoppingItem, async ({ caller, body, reply }) =>
    reply.status(201).send(await items.createItems(caller, [body])),
  )
  registerEndpoint(app, createShoppingItems, async ({ caller, body, reply }) =>
    reply.status(201).send(await items.createItems(caller, body)),
  )
  registerEndpoint(app, getShoppingItem, ({ caller, params }) => items.getItem(caller, params.id))
  registerEndpoint(app, updateShoppingItems, ({ caller, body }) => items.updateItems(caller, body))
  registerEndpoint(app, updateShoppingItem, ({ caller, params, body }) => items.updateItem(caller, params.id, body))
  registerEndpoint(app, deleteShoppingItems, ({ caller, query }) => items.deleteItems(caller, query.ids))
  registerEndpoint(app, deleteShoppingItem, ({ caller, params }) => items.deleteItem(caller, params.id))
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
