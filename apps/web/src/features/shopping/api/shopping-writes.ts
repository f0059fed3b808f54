/*
 * Every write of the shopping screens, in one module, on the offline write layer (api/offline): each is a
 * `defineOfflineWrite` declared here at module level (so that writes kept on the device find their function again
 * after a restart: the signed-in shell imports this module before it restores them), changes the cached answers at
 * once through its `optimistic`, waits in the one ordered queue while the device is offline, and is sent with the
 * `Idempotency-Key` made when the person made the change, the same key on every retry and after a restart. A write
 * the server refuses is kept with its reason until the person dismisses it (RefusedWrites), and the answers are read
 * again: the server's is the truth.
 *
 * Each `optimistic` gives the same result when run twice: the layer runs it again on every answer read from the
 * server while the write still waits.
 */
import {
  addRecipeToShoppingList,
  createShoppingItem,
  createShoppingList,
  createShoppingStore,
  deleteShoppingItems,
  deleteShoppingList,
  deleteShoppingStore,
  removeRecipeFromShoppingList,
  updateShoppingItem,
  updateShoppingItems,
  updateShoppingList,
  updateShoppingStore,
  type IngredientFood,
  type IngredientUnit,
  type MultiPurposeLabel,
  type ShoppingListAddRecipe,
  type ShoppingListItemOut,
  type ShoppingListItemsCollectionOut,
  type ShoppingListItemUpdateBulk,
  type ShoppingListOut,
  type ShoppingListSummary,
  type ShoppingStoreInput,
  type ShoppingStoreOut,
} from '@larder/contracts'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { call } from '@/api/http'
import { defineOfflineWrite, useMakeOfflineWrite } from '@/api/offline'
import { useAuth } from '@/features/auth'
import type { Paginated } from '@/components/paginated'
import { shoppingKeys } from './shopping-queries'

/** Changes a cached answer, if there is one (a list never opened on this device has none to change). */
function change<Data>(queryClient: QueryClient, queryKey: QueryKey, edit: (data: Data) => Data) {
  const before = queryClient.getQueryData<Data>(queryKey)
  if (before !== undefined) queryClient.setQueryData<Data>(queryKey, edit(before))
}

const changeList = (queryClient: QueryClient, listId: string, edit: (list: ShoppingListOut) => ShoppingListOut) =>
  change<ShoppingListOut>(queryClient, shoppingKeys.list(listId), edit)

/** Every shopping answer is read again once the writes have their answers. */
const settlesShopping = () => [shoppingKeys.all]

/** The cached list after a write's answer: lines created, updated and deleted (a create may merge, an update delete). */
export function withCollection(
  list: ShoppingListOut,
  answer: ShoppingListItemsCollectionOut,
  replacedIds: readonly string[] = [],
): ShoppingListOut {
  const gone = new Set([...answer.deletedItems.map((item) => item.id), ...replacedIds])
  const changed = new Map([...answer.createdItems, ...answer.updatedItems].map((item) => [item.id, item]))
  const kept = list.listItems
    .filter((item) => !gone.has(item.id) || changed.has(item.id))
    .map((item) => changed.get(item.id) ?? item)
  const known = new Set(kept.map((item) => item.id))
  const added = [...changed.values()].filter((item) => item.shoppingListId === list.id && !known.has(item.id))
  return { ...list, listItems: [...kept, ...added] }
}

/** What a person sets on a line: the editor's fields and the add field's parse. */
export interface ItemDraft {
  quantity: number
  unit: IngredientUnit | null
  food: IngredientFood | null
  label: MultiPurposeLabel | null
  note: string
}

/** A line as the list shows it before the server has answered for it. */
function pendingItem(list: ShoppingListOut, id: string, draft: ItemDraft): ShoppingListItemOut {
  const now = new Date().toISOString()
  const position = list.listItems.reduce((last, item) => Math.max(last, item.position + 1), 0)
  return {
    id,
    shoppingListId: list.id,
    groupId: list.groupId,
    householdId: list.householdId,
    checked: false,
    position,
    isFood: draft.food !== null,
    disableAmount: false,
    note: draft.note,
    quantity: draft.quantity,
    foodId: draft.food?.id ?? null,
    labelId: draft.label?.id ?? draft.food?.labelId ?? null,
    unitId: draft.unit?.id ?? null,
    food: draft.food,
    label: draft.label ?? draft.food?.label ?? null,
    unit: draft.unit,
    display: '',
    extras: {},
    recipeReferences: [],
    createdAt: now,
    updatedAt: now,
    version: list.version,
  }
}

/** The fields of a line as an update sends them: the whole line (Mealie's clients do), changed by `patch`. */
function updateBody(item: ShoppingListItemOut): ShoppingListItemUpdateBulk {
  return {
    id: item.id,
    shoppingListId: item.shoppingListId,
    checked: item.checked,
    position: item.position,
    isFood: item.isFood,
    disableAmount: item.disableAmount,
    note: item.note,
    quantity: item.quantity,
    foodId: item.foodId,
    labelId: item.labelId,
    unitId: item.unitId,
    extras: item.extras,
  }
}

type ItemPatch = Partial<Pick<ShoppingListItemOut, 'checked' | 'position' | 'note' | 'quantity'>> & {
  food?: IngredientFood | null
  unit?: IngredientUnit | null
  label?: MultiPurposeLabel | null
}

/** A line with a patch applied, as the list shows it until the server answers. */
function patched(item: ShoppingListItemOut, patch: ItemPatch): ShoppingListItemOut {
  const next: ShoppingListItemOut = { ...item, ...patch, display: '', updatedAt: new Date().toISOString() }
  if ('food' in patch) {
    next.foodId = patch.food?.id ?? null
    next.isFood = patch.food != null
  }
  if ('unit' in patch) next.unitId = patch.unit?.id ?? null
  if ('label' in patch) next.labelId = patch.label?.id ?? null
  return next
}

/** A draft of a line as it is now (to make it again: the undo of "deleted by someone else"). */
export const draftOf = (item: ShoppingListItemOut): ItemDraft => ({
  quantity: item.quantity,
  unit: item.unit,
  food: item.food,
  label: item.label,
  note: item.note,
})

export const addItemWrite = defineOfflineWrite<{ listId: string; id: string; draft: ItemDraft }>({
  key: 'shopping.item.add',
  call: ({ listId, id, draft }, { headers }) =>
    call(createShoppingItem, {
      headers,
      body: {
        id,
        shoppingListId: listId,
        quantity: draft.quantity,
        note: draft.note,
        isFood: draft.food !== null,
        foodId: draft.food?.id ?? null,
        unitId: draft.unit?.id ?? null,
        labelId: draft.label?.id ?? null,
      },
    }),
  optimistic: (queryClient, { listId, id, draft }) =>
    changeList(queryClient, listId, (list) =>
      list.listItems.some((item) => item.id === id)
        ? list
        : { ...list, listItems: [...list.listItems, pendingItem(list, id, draft)] },
    ),
  settles: settlesShopping,
})

/** Whole lines in one bulk update: checks and reorders. */
export const updateItemsWrite = defineOfflineWrite<{ listId: string; items: ShoppingListItemOut[] }>({
  key: 'shopping.items.update',
  call: ({ items }, { headers }) => call(updateShoppingItems, { headers, body: items.map(updateBody) }),
  optimistic: (queryClient, { listId, items }) => {
    const byId = new Map(items.map((item) => [item.id, item]))
    changeList(queryClient, listId, (list) => ({
      ...list,
      listItems: list.listItems.map((item) => byId.get(item.id) ?? item),
    }))
  },
  settles: settlesShopping,
})

/** The editor's save; the amount goes as a change of the amount, so that two people adding to one line both count. */
export const editItemWrite = defineOfflineWrite<{
  listId: string
  item: ShoppingListItemOut
  quantityIncrement: number
}>({
  key: 'shopping.item.edit',
  call: ({ item, quantityIncrement }, { headers }) => {
    const { id, ...body } = updateBody(item)
    const amount = quantityIncrement === 0 ? {} : { quantityIncrement }
    return call(updateShoppingItem, { headers, params: { id }, body: { ...body, ...amount } })
  },
  optimistic: (queryClient, { listId, item }) =>
    changeList(queryClient, listId, (list) => ({
      ...list,
      listItems: list.listItems.map((line) => (line.id === item.id ? item : line)),
    })),
  settles: settlesShopping,
})

export const deleteItemsWrite = defineOfflineWrite<{ listId: string; ids: string[] }>({
  key: 'shopping.items.delete',
  call: ({ ids }, { headers }) => call(deleteShoppingItems, { headers, query: { ids } }),
  optimistic: (queryClient, { listId, ids }) => {
    const gone = new Set(ids)
    changeList(queryClient, listId, (list) => ({
      ...list,
      listItems: list.listItems.filter((item) => !gone.has(item.id)),
    }))
  },
  settles: settlesShopping,
})

export const removeRecipeWrite = defineOfflineWrite<{ listId: string; recipeId: string; scale: number }>({
  key: 'shopping.list.remove-recipe',
  call: ({ listId, recipeId, scale }, { headers }) =>
    call(removeRecipeFromShoppingList, {
      headers,
      params: { id: listId, recipeId },
      body: { recipeDecrementQuantity: scale },
    }),
  optimistic: (queryClient, { listId, recipeId }) =>
    changeList(queryClient, listId, (list) => ({
      ...list,
      recipeReferences: list.recipeReferences.filter((reference) => reference.recipeId !== recipeId),
    })),
  settles: settlesShopping,
})

/** A recipe's ingredients added to a list: the server merges them, so the list shows them once it has answered. */
export const addRecipeWrite = defineOfflineWrite<{ listId: string; recipeId: string; body: ShoppingListAddRecipe }>({
  key: 'shopping.list.add-recipe',
  call: ({ listId, recipeId, body }, { headers }) =>
    call(addRecipeToShoppingList, { headers, params: { id: listId, recipeId }, body }),
  settles: settlesShopping,
})

type ListPage = Paginated<ShoppingListSummary>

/** Who makes a new list: its owner and the household it belongs to, shown on it before the server answers. */
export interface ListOwner {
  userId: string
  groupId: string
  householdId: string
}

/** A new list as the index and its own page show it until the server has answered for it: empty, made now. */
function pendingList(id: string, name: string, owner: ListOwner): ShoppingListOut {
  const now = new Date().toISOString()
  return {
    id,
    name,
    extras: {},
    createdAt: now,
    updatedAt: now,
    ...owner,
    recipeReferences: [],
    labelSettings: [],
    version: 0,
    listItems: [],
  }
}

/**
 * A new list, under an id made here (the server takes it, as it does a line's): it shows in the index at once and
 * opens, empty, even offline, and lines added to it wait behind it in the one queue. (A create kept from an older
 * version has no id: the index shows it once the server has answered.)
 */
export const createListWrite = defineOfflineWrite<{ name: string; id?: string; owner?: ListOwner }>({
  key: 'shopping.list.create',
  call: ({ name, id }, { headers }) => call(createShoppingList, { headers, body: { name, ...(id ? { id } : {}) } }),
  optimistic: (queryClient, { name, id, owner }) => {
    if (!id || !owner) return
    const list = pendingList(id, name, owner)
    const { listItems: _lines, ...summary } = list
    // Where the server's answer (lists by name) will put it.
    change<ListPage>(queryClient, shoppingKeys.lists(), (page) => {
      if (page.items.some((item) => item.id === id)) return page
      const after = page.items.findIndex((item) => (item.name ?? '').localeCompare(name) > 0)
      const items = [...page.items]
      items.splice(after === -1 ? items.length : after, 0, summary)
      return { ...page, items, total: page.total + 1 }
    })
    if (queryClient.getQueryData(shoppingKeys.list(id)) === undefined)
      queryClient.setQueryData<ShoppingListOut>(shoppingKeys.list(id), list)
  },
  settles: settlesShopping,
})

export const renameListWrite = defineOfflineWrite<{ list: ShoppingListSummary; name: string }>({
  key: 'shopping.list.rename',
  call: ({ list, name }, { headers }) =>
    call(updateShoppingList, {
      headers,
      params: { id: list.id },
      body: { id: list.id, groupId: list.groupId, userId: list.userId, name, extras: list.extras },
    }),
  optimistic: (queryClient, { list, name }) => {
    change<ListPage>(queryClient, shoppingKeys.lists(), (page) => ({
      ...page,
      items: page.items.map((item) => (item.id === list.id ? { ...item, name } : item)),
    }))
    changeList(queryClient, list.id, (open) => ({ ...open, name }))
  },
  settles: settlesShopping,
})

export const deleteListWrite = defineOfflineWrite<{ id: string }>({
  key: 'shopping.list.delete',
  call: ({ id }, { headers }) => call(deleteShoppingList, { headers, params: { id } }),
  optimistic: (queryClient, { id }) =>
    change<ListPage>(queryClient, shoppingKeys.lists(), (page) =>
      page.items.some((item) => item.id === id)
        ? { ...page, items: page.items.filter((item) => item.id !== id), total: page.total - 1 }
        : page,
    ),
  settles: settlesShopping,
})

type StorePage = Paginated<ShoppingStoreOut>

export const saveStoreWrite = defineOfflineWrite<{ id?: string; body: ShoppingStoreInput }>({
  key: 'shopping.store.save',
  call: ({ id, body }, { headers }) =>
    id ? call(updateShoppingStore, { headers, params: { id }, body }) : call(createShoppingStore, { headers, body }),
  optimistic: (queryClient, { id, body }) => {
    if (!id) return
    change<StorePage>(queryClient, shoppingKeys.stores(), (page) => ({
      ...page,
      items: page.items.map((store) =>
        store.id === id ? { ...store, name: body.name, labelOrder: body.labelOrder ?? store.labelOrder } : store,
      ),
    }))
  },
  settles: settlesShopping,
})

export const deleteStoreWrite = defineOfflineWrite<{ id: string }>({
  key: 'shopping.store.delete',
  call: ({ id }, { headers }) => call(deleteShoppingStore, { headers, params: { id } }),
  optimistic: (queryClient, { id }) =>
    change<StorePage>(queryClient, shoppingKeys.stores(), (page) => ({
      ...page,
      items: page.items.filter((store) => store.id !== id),
    })),
  settles: settlesShopping,
})

/**
 * The screens' promises say "made" (shown, and queued to be sent), not "the server accepted it": offline the answer
 * may come tomorrow, and a refusal reaches the screen as a refused write (RefusedWrites).
 */
const made = () => Promise.resolve()

/** The writes of one open list: add, check, edit, reorder, delete lines; add and remove recipes. */
export function useShoppingListWrites(listId: string) {
  const make = useMakeOfflineWrite()
  const queryClient = useQueryClient()
  return useMemo(() => {
    const cached = () => queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(listId))
    const changeItems = (items: readonly ShoppingListItemOut[], patch: (item: ShoppingListItemOut) => ItemPatch) => {
      make(updateItemsWrite, { listId, items: items.map((item) => patched(item, patch(item))) })
      return made()
    }
    return {
      /** Adds a line; its id is made here, so that the line is the same one before and after the server answers. */
      addItem: (draft: ItemDraft) => {
        make(addItemWrite, { listId, id: crypto.randomUUID(), draft })
        return made()
      },
      setChecked: (items: readonly ShoppingListItemOut[], checked: boolean) => changeItems(items, () => ({ checked })),
      reorder: (positions: readonly { id: string; position: number }[]) => {
        const byId = new Map(positions.map((entry) => [entry.id, entry.position]))
        const moved = (cached()?.listItems ?? []).filter((item) => byId.has(item.id))
        return changeItems(moved, (item) => ({ position: byId.get(item.id)! }))
      },
      /** Saves the editor's fields; a new amount goes as `quantityIncrement` (the difference from the amount seen). */
      editItem: (item: ShoppingListItemOut, draft: ItemDraft) => {
        make(editItemWrite, {
          listId,
          item: patched(item, { ...draft }),
          quantityIncrement: draft.quantity - item.quantity,
        })
        return made()
      },
      deleteItems: (ids: readonly string[]) => {
        make(deleteItemsWrite, { listId, ids: [...ids] })
        return made()
      },
      removeRecipe: (recipeId: string, scale: number) => {
        make(removeRecipeWrite, { listId, recipeId, scale })
        return made()
      },
    }
  }, [make, listId, queryClient])
}

/** Adds a recipe to any list of the household (the recipe page's dialog). */
export function useAddRecipeToList() {
  const make = useMakeOfflineWrite()
  return useCallback(
    (input: { listId: string; recipeId: string; body: ShoppingListAddRecipe }) => make(addRecipeWrite, input),
    [make],
  )
}

/** The list index's writes: create, rename, delete. */
export function useShoppingListIndexWrites() {
  const make = useMakeOfflineWrite()
  const { user } = useAuth()
  return useMemo(
    () => ({
      create: (name: string) => {
        const owner = user?.householdId
          ? { userId: user.id, groupId: user.groupId, householdId: user.householdId }
          : undefined
        make(createListWrite, { name, id: crypto.randomUUID(), ...(owner ? { owner } : {}) })
        return made()
      },
      rename: (list: ShoppingListSummary, name: string) => {
        make(renameListWrite, { list, name })
        return made()
      },
      remove: (id: string) => {
        make(deleteListWrite, { id })
        return made()
      },
    }),
    [make, user],
  )
}

/** The stores settings' writes: create, change (name, label order), delete. */
export function useShoppingStoreWrites() {
  const make = useMakeOfflineWrite()
  return useMemo(
    () => ({
      save: (body: ShoppingStoreInput, id?: string) => {
        make(saveStoreWrite, { ...(id ? { id } : {}), body })
        return made()
      },
      remove: (id: string) => {
        make(deleteStoreWrite, { id })
        return made()
      },
    }),
    [make],
  )
}
