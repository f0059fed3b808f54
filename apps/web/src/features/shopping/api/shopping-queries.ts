import {
  getShoppingList,
  listShoppingItems,
  listShoppingLists,
  listShoppingStores,
  previewMealPlanOnShoppingList,
  type ShoppingListItemOut,
  type ShoppingListMealPlanPreview,
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
  mealPlanPreview: (listId: string, startDate: string, endDate: string) =>
    [...shoppingKeys.all, 'mealplan-preview', listId, startDate, endDate] as const,
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

/**
 * What the plan's recipes of a date range would add to a list (the planner's "Shop for these days"). A POST that
 * writes nothing; under the feature's root key, so a change to the list makes it stale.
 */
export const mealPlanPreviewQuery = (listId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: shoppingKeys.mealPlanPreview(listId, startDate, endDate),
    queryFn: (): Promise<ShoppingListMealPlanPreview> =>
      call(previewMealPlanOnShoppingList, { params: { id: listId }, body: { startDate, endDate } }),
  })

export const useShoppingLists = () => useQuery(shoppingListsQuery)
export const useUncheckedCounts = () => useQuery(uncheckedCountsQuery)
export const useShoppingList = (id: string) => useQuery(shoppingListQuery(id))
export const useShoppingStores = () => useQuery(shoppingStoresQuery)
export const useMealPlanPreview = (listId: string | null, startDate: string, endDate: string, enabled: boolean) =>
  useQuery({ ...mealPlanPreviewQuery(listId ?? '', startDate, endDate), enabled: enabled && listId !== null })
