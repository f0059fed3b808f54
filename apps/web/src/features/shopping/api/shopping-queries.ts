import {
  getShoppingList,
  listShoppingItems,
  listShoppingLists,
  listShoppingStores,
  type ShoppingListItemOut,
  type ShoppingListOut,
  type ShoppingListSummary,
  type ShoppingStoreOut,
} from '@larder/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem, type Paginated } from '@/components/paginated'

/**
 * The shopping feature's query keys. Every key starts with `shopping-lists`, the root that the live events
 * `shopping-list.*` and `shopping-list-item.*` make stale (api/live.ts), so another person's change reaches every
 * screen of this feature.
 */
export const shoppingKeys = {
  all: ['shopping-lists'] as const,
  lists: () => [...shoppingKeys.all, 'lists'] as const,
  uncheckedCounts: () => [...shoppingKeys.all, 'unchecked-counts'] as const,
  list: (id: string) => [...shoppingKeys.all, 'list', id] as const,
  stores: () => [...shoppingKeys.all, 'stores'] as const,
}

/** The household's lists by name (summaries: no items). */
export const shoppingListsQuery = queryOptions({
  queryKey: shoppingKeys.lists(),
  queryFn: async () =>
    (await call(listShoppingLists, {
      query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
    })) as Paginated<ShoppingListSummary>,
})

/** How many unchecked lines each list has, by list id: one call for every card. */
export const uncheckedCountsQuery = queryOptions({
  queryKey: shoppingKeys.uncheckedCounts(),
  queryFn: async () => {
    const page = (await call(listShoppingItems, {
      query: { ...everyItem, queryFilter: 'checked = false' },
    })) as Paginated<ShoppingListItemOut>
    const counts = new Map<string, number>()
    for (const item of page.items) counts.set(item.shoppingListId, (counts.get(item.shoppingListId) ?? 0) + 1)
    return counts
  },
})

/** One list with its lines. */
export const shoppingListQuery = (id: string) =>
  queryOptions({
    queryKey: shoppingKeys.list(id),
    queryFn: (): Promise<ShoppingListOut> => call(getShoppingList, { params: { id } }),
  })

/** The household's stores by name. */
export const shoppingStoresQuery = queryOptions({
  queryKey: shoppingKeys.stores(),
  queryFn: async () =>
    (await call(listShoppingStores, {
      query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
    })) as Paginated<ShoppingStoreOut>,
})

export const useShoppingLists = () => useQuery(shoppingListsQuery)
export const useUncheckedCounts = () => useQuery(uncheckedCountsQuery)
export const useShoppingList = (id: string) => useQuery(shoppingListQuery(id))
export const useShoppingStores = () => useQuery(shoppingStoresQuery)
