import { ShoppingListItemOut, ShoppingListSummary, ShoppingStoreOut } from '@larder/contracts'
import { shoppingListItems, shoppingLists, shoppingStores } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What list pages filter and order on: a list's own fields. */
export const shoppingListSpec = defineListSpec({
  table: shoppingLists,
  shows: ShoppingListSummary,
  columns: {
    id: shoppingLists.id,
    name: shoppingLists.name,
    group_id: shoppingLists.groupId,
    household_id: shoppingLists.householdId,
    user_id: shoppingLists.userId,
    version: shoppingLists.version,
    created_at: shoppingLists.createdAt,
    updated_at: shoppingLists.updatedAt,
  },
  search: [shoppingLists.name],
  defaultOrder: shoppingLists.createdAt,
})

/** Item pages: Mealie's clients filter on `shopping_list_id`. */
export const shoppingItemSpec = defineListSpec({
  table: shoppingListItems,
  shows: ShoppingListItemOut,
  columns: {
    id: shoppingListItems.id,
    shopping_list_id: shoppingListItems.listId,
    group_id: shoppingListItems.groupId,
    household_id: shoppingListItems.householdId,
    checked: shoppingListItems.checked,
    position: shoppingListItems.position,
    quantity: shoppingListItems.quantity,
    note: shoppingListItems.note,
    is_food: shoppingListItems.isFood,
    food_id: shoppingListItems.foodId,
    unit_id: shoppingListItems.unitId,
    label_id: shoppingListItems.labelId,
    version: shoppingListItems.version,
    created_at: shoppingListItems.createdAt,
    updated_at: shoppingListItems.updatedAt,
  },
  search: [shoppingListItems.note],
  defaultOrder: shoppingListItems.position,
})

export const shoppingStoreSpec = defineListSpec({
  table: shoppingStores,
  shows: ShoppingStoreOut,
  columns: {
    id: shoppingStores.id,
    name: shoppingStores.name,
    group_id: shoppingStores.groupId,
    household_id: shoppingStores.householdId,
    created_at: shoppingStores.createdAt,
    updated_at: shoppingStores.updatedAt,
  },
  search: [shoppingStores.name],
  defaultOrder: shoppingStores.createdAt,
})
