import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import {
  ShoppingListAddRecipe,
  ShoppingListChanges,
  ShoppingListChangesQuery,
  ShoppingListCreate,
  ShoppingListItemCreate,
  ShoppingListItemIds,
  ShoppingListItemOut,
  ShoppingListItemsCollectionOut,
  ShoppingListItemUpdate,
  ShoppingListItemUpdateBulk,
  ShoppingListMealPlanInput,
  ShoppingListMealPlanPreview,
  ShoppingListMultiPurposeLabelUpdate,
  ShoppingListOut,
  ShoppingListPresence,
  ShoppingListRemoveRecipe,
  ShoppingListSummary,
  ShoppingListUpdate,
  ShoppingStoreInput,
  ShoppingStoreOut,
} from './models.js'

const lists = '/api/households/shopping/lists'
const items = '/api/households/shopping/items'
const stores = '/api/households/shopping/stores'
const byId = z.object({ id: z.uuid() })
const byListAndRecipe = z.object({ id: z.uuid(), recipeId: z.uuid() })

/**
 * Household scope (docs/mealie-compatibility.md "Shopping lists"): every member of a list's household reads and writes it. A line deleted
 * meanwhile answers 410 to an update, so that an offline client learns the delete won.
 */
const shoppingLists = endpointGroup({
  tags: ['Households: Shopping Lists'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})
const shoppingItems = endpointGroup({
  tags: ['Households: Shopping List Items'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})
const shoppingStores = endpointGroup({
  tags: ['Households: Shopping Stores'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})

// ——— Lists ———

export const listShoppingLists = shoppingLists.endpoint({
  method: 'GET',
  path: lists,
  summary: "List the household's shopping lists (without their items)",
  query: PaginationQuery,
  responses: { 200: paginated(ShoppingListSummary) },
})

export const createShoppingList = shoppingLists.endpoint({
  method: 'POST',
  path: lists,
  summary: 'Create a shopping list, with a label setting per group label',
  body: ShoppingListCreate,
  responses: { 201: ShoppingListOut },
})

export const getShoppingList = shoppingLists.endpoint({
  method: 'GET',
  path: `${lists}/:id`,
  summary: 'Read a shopping list with its items',
  params: byId,
  responses: { 200: ShoppingListOut },
})

export const updateShoppingList = shoppingLists.endpoint({
  method: 'PUT',
  path: `${lists}/:id`,
  summary: "Change a list's name, extras or owner (its items are changed through the item routes)",
  params: byId,
  body: ShoppingListUpdate,
  responses: { 200: ShoppingListOut, 400: ErrorResponse },
})

export const deleteShoppingList = shoppingLists.endpoint({
  method: 'DELETE',
  path: `${lists}/:id`,
  summary: 'Delete a shopping list and its items; answers it as it was',
  params: byId,
  responses: { 200: ShoppingListOut },
})

export const getShoppingListChanges = shoppingLists.endpoint({
  method: 'GET',
  path: `${lists}/:id/changes`,
  summary: 'The lines changed or deleted since a version of the list, and its version now',
  params: byId,
  query: ShoppingListChangesQuery,
  responses: { 200: ShoppingListChanges },
})

export const shoppingListHeartbeat = shoppingLists.endpoint({
  method: 'POST',
  path: `${lists}/:id/presence`,
  summary: 'Say the caller has the list open (a heartbeat while its page is shown); answers who else has it open',
  params: byId,
  responses: { 200: ShoppingListPresence },
})

export const shoppingListGoodbye = shoppingLists.endpoint({
  method: 'DELETE',
  path: `${lists}/:id/presence`,
  summary:
    'Say the caller has left the list (its page closed): the others hear of it at once; answers who else has it open',
  params: byId,
  responses: { 200: ShoppingListPresence },
})

export const addRecipeToShoppingList = shoppingLists.endpoint({
  method: 'POST',
  path: `${lists}/:id/recipe/:recipeId`,
  summary: "Add a recipe's ingredients (all, or those chosen) to a list, scaled",
  params: byListAndRecipe,
  body: ShoppingListAddRecipe,
  responses: { 200: ShoppingListOut },
})

export const removeRecipeFromShoppingList = shoppingLists.endpoint({
  method: 'POST',
  path: `${lists}/:id/recipe/:recipeId/delete`,
  summary: "Take a recipe's share off a list's lines",
  params: byListAndRecipe,
  body: ShoppingListRemoveRecipe,
  responses: { 200: ShoppingListOut },
})

export const previewMealPlanOnShoppingList = shoppingLists.endpoint({
  method: 'POST',
  path: `${lists}/:id/mealplan/preview`,
  summary: "The lines the plan's recipes of a date range would add to a list (writes nothing)",
  params: byId,
  body: ShoppingListMealPlanInput,
  responses: { 200: ShoppingListMealPlanPreview },
})

export const addMealPlanToShoppingList = shoppingLists.endpoint({
  method: 'POST',
  path: `${lists}/:id/mealplan`,
  summary:
    "Add the plan's recipes of a date range to a list, each plan entry once; foods on hand (or those named) left out",
  params: byId,
  body: ShoppingListMealPlanInput,
  responses: { 200: ShoppingListItemsCollectionOut },
})

export const updateShoppingListLabelSettings = shoppingLists.endpoint({
  method: 'PUT',
  path: `${lists}/:id/label-settings`,
  summary: "Reorder a list's labels",
  params: byId,
  body: z.array(ShoppingListMultiPurposeLabelUpdate).max(1000),
  responses: { 200: ShoppingListOut, 400: ErrorResponse },
})

// ——— Items ———

export const listShoppingItems = shoppingItems.endpoint({
  method: 'GET',
  path: items,
  summary: "List the items of the household's lists (filter with queryFilter=shoppingListId=…)",
  query: PaginationQuery,
  responses: { 200: paginated(ShoppingListItemOut) },
})

export const createShoppingItem = shoppingItems.endpoint({
  method: 'POST',
  path: items,
  summary: 'Add an item to a list; it may merge into a line already there',
  body: ShoppingListItemCreate,
  responses: { 201: ShoppingListItemsCollectionOut },
})

export const createShoppingItems = shoppingItems.endpoint({
  method: 'POST',
  path: `${items}/create-bulk`,
  summary: 'Add several items at once',
  body: z.array(ShoppingListItemCreate).max(1000),
  responses: { 201: ShoppingListItemsCollectionOut },
})

export const getShoppingItem = shoppingItems.endpoint({
  method: 'GET',
  path: `${items}/:id`,
  summary: 'Read one item',
  params: byId,
  responses: { 200: ShoppingListItemOut },
})

export const updateShoppingItems = shoppingItems.endpoint({
  method: 'PUT',
  path: items,
  summary: 'Change several items at once (check, reorder, edit)',
  body: z.array(ShoppingListItemUpdateBulk).max(1000),
  responses: { 200: ShoppingListItemsCollectionOut, 410: ErrorResponse },
})

export const updateShoppingItem = shoppingItems.endpoint({
  method: 'PUT',
  path: `${items}/:id`,
  summary: 'Change an item; quantityIncrement adds to its amount',
  params: byId,
  body: ShoppingListItemUpdate,
  responses: { 200: ShoppingListItemsCollectionOut, 410: ErrorResponse },
})

export const deleteShoppingItems = shoppingItems.endpoint({
  method: 'DELETE',
  path: items,
  summary: 'Delete several items (unknown ids are ignored)',
  query: ShoppingListItemIds,
  responses: { 200: SuccessResponse },
})

export const deleteShoppingItem = shoppingItems.endpoint({
  method: 'DELETE',
  path: `${items}/:id`,
  summary: 'Delete an item',
  params: byId,
  responses: { 200: SuccessResponse },
})

// ——— Stores ———

export const listShoppingStores = shoppingStores.endpoint({
  method: 'GET',
  path: stores,
  summary: "List the household's stores",
  query: PaginationQuery,
  responses: { 200: paginated(ShoppingStoreOut) },
})

export const createShoppingStore = shoppingStores.endpoint({
  method: 'POST',
  path: stores,
  summary: 'Create a store with its label order',
  body: ShoppingStoreInput,
  responses: { 201: ShoppingStoreOut, 409: ErrorResponse },
})

export const getShoppingStore = shoppingStores.endpoint({
  method: 'GET',
  path: `${stores}/:id`,
  summary: 'Read a store',
  params: byId,
  responses: { 200: ShoppingStoreOut },
})

export const updateShoppingStore = shoppingStores.endpoint({
  method: 'PUT',
  path: `${stores}/:id`,
  summary: 'Rename a store or change its label order',
  params: byId,
  body: ShoppingStoreInput,
  responses: { 200: ShoppingStoreOut, 409: ErrorResponse },
})

export const deleteShoppingStore = shoppingStores.endpoint({
  method: 'DELETE',
  path: `${stores}/:id`,
  summary: 'Delete a store; answers it as it was',
  params: byId,
  responses: { 200: ShoppingStoreOut },
})

export const shoppingEndpoints = [
  listShoppingLists,
  createShoppingList,
  getShoppingList,
  updateShoppingList,
  deleteShoppingList,
  getShoppingListChanges,
  shoppingListHeartbeat,
  shoppingListGoodbye,
  addRecipeToShoppingList,
  removeRecipeFromShoppingList,
  previewMealPlanOnShoppingList,
  addMealPlanToShoppingList,
  updateShoppingListLabelSettings,
  listShoppingItems,
  createShoppingItem,
  createShoppingItems,
  getShoppingItem,
  updateShoppingItems,
  updateShoppingItem,
  deleteShoppingItems,
  deleteShoppingItem,
  listShoppingStores,
  createShoppingStore,
  getShoppingStore,
  updateShoppingStore,
  deleteShoppingStore,
] as const
