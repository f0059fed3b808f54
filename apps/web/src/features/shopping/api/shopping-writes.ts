/*
 * Every write of the shopping screens, in one module: each carries an `Idempotency-Key` made when the person made
 * the change (kept in the mutation's variables, so that a retry sends the same key and the server applies it once),
 * changes the cached list at once, and puts it back if the server refuses. The offline write layer replaces the
 * bodies of these functions (queue, replay) without the screens changing.
 */
import {
  addMealPlanToShoppingList,
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
  type ShoppingListMealPlanInput,
  type ShoppingListOut,
  type ShoppingListSummary,
  type ShoppingStoreInput,
  type ShoppingStoreOut,
} from '@larder/contracts'
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { Paginated } from '@/components/paginated'
import { shoppingKeys } from './shopping-queries'

/** The header every shopping write carries: one key per change the person made. */
export const idempotencyHeader = 'Idempotency-Key'
const newKey = () => crypto.randomUUID()
const keyed = (key: string) => ({ headers: { [idempotencyHeader]: key } })

/** Sets a cached value for the write and answers how to put it back. */
async function optimistic<Data>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  change: (data: Data) => Data,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey })
  const before = queryClient.getQueryData<Data>(queryKey)
  if (before !== undefined) queryClient.setQueryData<Data>(queryKey, change(before))
  return () => queryClient.setQueryData<Data>(queryKey, before)
}

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

/** The writes of one open list: add, check, edit, reorder, delete lines; add and remove recipes. */
export function useShoppingListWrites(listId: string) {
  const queryClient = useQueryClient()
  const listKey = shoppingKeys.list(listId)
  const cached = () => queryClient.getQueryData<ShoppingListOut>(listKey)
  const mutationKey = ['shopping-list-write', listId] as const
  // Read the list again once its last write has settled: a read between two quick checks would show the list
  // without the second one for a moment (the check would flicker off and on).
  const settle = () =>
    queryClient.isMutating({ mutationKey }) <= 1
      ? queryClient.invalidateQueries({ queryKey: shoppingKeys.all })
      : undefined
  const rollbackOnError = (_error: unknown, _variables: unknown, rollback: (() => void) | undefined) => rollback?.()

  const addItem = useMutation({
    mutationKey,
    mutationFn: ({ key, id, draft }: { key: string; id: string; draft: ItemDraft }) =>
      call(createShoppingItem, {
        ...keyed(key),
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
    onMutate: ({ id, draft }) =>
      optimistic<ShoppingListOut>(queryClient, listKey, (list) => ({
        ...list,
        listItems: [...list.listItems, pendingItem(list, id, draft)],
      })),
    onError: rollbackOnError,
    onSuccess: (answer, { id }) => {
      const list = cached()
      if (list) queryClient.setQueryData(listKey, withCollection(list, answer, [id]))
    },
    onSettled: settle,
  })

  const updateItems = useMutation({
    mutationKey,
    mutationFn: ({ key, items }: { key: string; items: ShoppingListItemOut[] }) =>
      call(updateShoppingItems, {
        ...keyed(key),
        body: items.map(updateBody),
      }),
    onMutate: ({ items }) => {
      const byId = new Map(items.map((item) => [item.id, item]))
      return optimistic<ShoppingListOut>(queryClient, listKey, (list) => ({
        ...list,
        listItems: list.listItems.map((item) => byId.get(item.id) ?? item),
      }))
    },
    onError: rollbackOnError,
    onSuccess: (answer) => {
      const list = cached()
      if (list) queryClient.setQueryData(listKey, withCollection(list, answer))
    },
    onSettled: settle,
  })

  const editItem = useMutation({
    mutationKey,
    mutationFn: ({
      key,
      item,
      quantityIncrement,
    }: {
      key: string
      item: ShoppingListItemOut
      quantityIncrement: number
    }) => {
      const { id, ...body } = updateBody(item)
      // The amount goes as a change of the amount, so that two people adding to one line at once both count.
      const amount = quantityIncrement === 0 ? {} : { quantityIncrement }
      return call(updateShoppingItem, {
        ...keyed(key),
        params: { id },
        body: { ...body, ...amount },
      })
    },
    onMutate: ({ item }) =>
      optimistic<ShoppingListOut>(queryClient, listKey, (list) => ({
        ...list,
        listItems: list.listItems.map((line) => (line.id === item.id ? item : line)),
      })),
    onError: rollbackOnError,
    onSuccess: (answer) => {
      const list = cached()
      if (list) queryClient.setQueryData(listKey, withCollection(list, answer))
    },
    onSettled: settle,
  })

  const deleteItems = useMutation({
    mutationKey,
    mutationFn: ({ key, ids }: { key: string; ids: string[] }) =>
      call(deleteShoppingItems, { ...keyed(key), query: { ids } }),
    onMutate: ({ ids }) => {
      const gone = new Set(ids)
      return optimistic<ShoppingListOut>(queryClient, listKey, (list) => ({
        ...list,
        listItems: list.listItems.filter((item) => !gone.has(item.id)),
      }))
    },
    onError: rollbackOnError,
    onSettled: settle,
  })

  const removeRecipe = useMutation({
    mutationKey,
    mutationFn: ({ key, recipeId, scale }: { key: string; recipeId: string; scale: number }) =>
      call(removeRecipeFromShoppingList, {
        ...keyed(key),
        params: { id: listId, recipeId },
        body: { recipeDecrementQuantity: scale },
      }),
    onMutate: ({ recipeId }) =>
      optimistic<ShoppingListOut>(queryClient, listKey, (list) => ({
        ...list,
        recipeReferences: list.recipeReferences.filter((reference) => reference.recipeId !== recipeId),
      })),
    onError: rollbackOnError,
    onSuccess: (list) => queryClient.setQueryData(listKey, list),
    onSettled: settle,
  })

  /** The lines of `items` changed by `patch`, sent in one bulk update. */
  const changeItems = (items: readonly ShoppingListItemOut[], patch: (item: ShoppingListItemOut) => ItemPatch) =>
    updateItems.mutateAsync({ key: newKey(), items: items.map((item) => patched(item, patch(item))) })

  return {
    /** Adds a line; its id is made here, so that the line is the same one before and after the server answers. */
    addItem: (draft: ItemDraft) => addItem.mutateAsync({ key: newKey(), id: crypto.randomUUID(), draft }),
    setChecked: (items: readonly ShoppingListItemOut[], checked: boolean) => changeItems(items, () => ({ checked })),
    reorder: (positions: readonly { id: string; position: number }[]) => {
      const list = cached()
      const byId = new Map(positions.map((entry) => [entry.id, entry.position]))
      const moved = (list?.listItems ?? []).filter((item) => byId.has(item.id))
      return changeItems(moved, (item) => ({ position: byId.get(item.id)! }))
    },
    /** Saves the editor's fields; a new amount goes as `quantityIncrement` (the difference from the amount seen). */
    editItem: (item: ShoppingListItemOut, draft: ItemDraft) =>
      editItem.mutateAsync({
        key: newKey(),
        item: patched(item, { ...draft }),
        quantityIncrement: draft.quantity - item.quantity,
      }),
    deleteItems: (ids: readonly string[]) => deleteItems.mutateAsync({ key: newKey(), ids: [...ids] }),
    removeRecipe: (recipeId: string, scale: number) => removeRecipe.mutateAsync({ key: newKey(), recipeId, scale }),
  }
}

/** Adds a recipe to any list of the household (the recipe page's dialog). */
export function useAddRecipeToList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listId, recipeId, body }: { listId: string; recipeId: string; body: ShoppingListAddRecipe }) =>
      call(addRecipeToShoppingList, {
        ...keyed(newKey()),
        params: { id: listId, recipeId },
        body,
      }),
    onSuccess: (list) => queryClient.setQueryData(shoppingKeys.list(list.id), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shoppingKeys.all }),
  })
}

/**
 * Adds the plan's recipes of a date range to a list ("Shop for these days"), leaving out the foods named. The key is
 * made when the person confirms, so a retry of the same confirmation adds once.
 */
export function useAddMealPlanToList() {
  const queryClient = useQueryClient()
  const add = useMutation({
    mutationFn: ({ key, listId, body }: { key: string; listId: string; body: ShoppingListMealPlanInput }) =>
      call(addMealPlanToShoppingList, {
        ...keyed(key),
        params: { id: listId },
        body,
      }),
    onSuccess: (answer, { listId }) =>
      queryClient.setQueryData<ShoppingListOut>(shoppingKeys.list(listId), (list) =>
        list ? withCollection(list, answer) : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shoppingKeys.all }),
  })
  return {
    add: (listId: string, body: ShoppingListMealPlanInput) => add.mutateAsync({ key: newKey(), listId, body }),
    adding: add.isPending,
  }
}

type ListPage = Paginated<ShoppingListSummary>

/** The list index's writes: create, rename, delete. */
export function useShoppingListIndexWrites() {
  const queryClient = useQueryClient()
  const listsKey = shoppingKeys.lists()
  const settle = () => queryClient.invalidateQueries({ queryKey: shoppingKeys.all })

  const create = useMutation({
    mutationFn: ({ key, name }: { key: string; name: string }) =>
      call(createShoppingList, { ...keyed(key), body: { name } }),
    onSuccess: (list) => queryClient.setQueryData(shoppingKeys.list(list.id), list),
    onSettled: settle,
  })

  const rename = useMutation({
    mutationFn: ({ key, list, name }: { key: string; list: ShoppingListSummary; name: string }) =>
      call(updateShoppingList, {
        ...keyed(key),
        params: { id: list.id },
        body: { id: list.id, groupId: list.groupId, userId: list.userId, name, extras: list.extras },
      }),
    onMutate: ({ list, name }) =>
      optimistic<ListPage>(queryClient, listsKey, (page) => ({
        ...page,
        items: page.items.map((item) => (item.id === list.id ? { ...item, name } : item)),
      })),
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: settle,
  })

  const remove = useMutation({
    mutationFn: ({ key, id }: { key: string; id: string }) =>
      call(deleteShoppingList, { ...keyed(key), params: { id } }),
    onMutate: ({ id }) =>
      optimistic<ListPage>(queryClient, listsKey, (page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
        total: page.total - 1,
      })),
    onError: (_error, _variables, rollback) => rollback?.(),
    onSuccess: (_answer, { id }) => queryClient.removeQueries({ queryKey: shoppingKeys.list(id) }),
    onSettled: settle,
  })

  return {
    create: (name: string) => create.mutateAsync({ key: newKey(), name }),
    creating: create.isPending,
    rename: (list: ShoppingListSummary, name: string) => rename.mutateAsync({ key: newKey(), list, name }),
    remove: (id: string) => remove.mutateAsync({ key: newKey(), id }),
  }
}

type StorePage = Paginated<ShoppingStoreOut>

/** The stores settings' writes: create, change (name, label order), delete. */
export function useShoppingStoreWrites() {
  const queryClient = useQueryClient()
  const storesKey = shoppingKeys.stores()
  const settle = () => queryClient.invalidateQueries({ queryKey: storesKey })

  const save = useMutation({
    mutationFn: ({ key, id, body }: { key: string; id?: string; body: ShoppingStoreInput }) =>
      id
        ? call(updateShoppingStore, { ...keyed(key), params: { id }, body })
        : call(createShoppingStore, { ...keyed(key), body }),
    onMutate: ({ id, body }) =>
      id
        ? optimistic<StorePage>(queryClient, storesKey, (page) => ({
            ...page,
            items: page.items.map((store) =>
              store.id === id ? { ...store, name: body.name, labelOrder: body.labelOrder ?? store.labelOrder } : store,
            ),
          }))
        : undefined,
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: settle,
  })

  const remove = useMutation({
    mutationFn: ({ key, id }: { key: string; id: string }) =>
      call(deleteShoppingStore, { ...keyed(key), params: { id } }),
    onMutate: ({ id }) =>
      optimistic<StorePage>(queryClient, storesKey, (page) => ({
        ...page,
        items: page.items.filter((store) => store.id !== id),
      })),
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: settle,
  })

  return {
    save: (body: ShoppingStoreInput, id?: string) => save.mutateAsync({ key: newKey(), ...(id ? { id } : {}), body }),
    saving: save.isPending,
    remove: (id: string) => remove.mutateAsync({ key: newKey(), id }),
  }
}
