import {
  createFood,
  deleteFood,
  listFoods,
  mergeFoods,
  updateFood,
  type CreateIngredientFood,
  type IngredientFood,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { ListParams } from '@/components/data-table/list-params'
import { everyItem } from '@/components/paginated'

export const foodKeys = {
  all: ['foods'] as const,
  list: (params: ListParams) => [...foodKeys.all, 'list', params] as const,
  every: () => [...foodKeys.all, 'every'] as const,
  /** The ingredient editor's autocomplete. */
  search: (text: string) => [...foodKeys.all, 'search', text] as const,
}

/** One page of the group's foods, as the data table asks for it. */
export const foodsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: foodKeys.list(params),
    queryFn: async () => await call(listFoods, { query: params }),
  })

/** Every food by name: the merge dialog's pickers. */
export const everyFoodQuery = queryOptions({
  queryKey: foodKeys.every(),
  queryFn: async () =>
    await call(listFoods, {
      query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
    }),
})

export function useFoods(params: ListParams) {
  return useQuery({ ...foodsQuery(params), placeholderData: keepPreviousData })
}

export function useEveryFood(enabled = true) {
  return useQuery({ ...everyFoodQuery, enabled })
}

/** What the form sends for a food: the whole food, as PUT replaces it. */
export function foodBody(food: IngredientFood): CreateIngredientFood {
  return {
    name: food.name,
    pluralName: food.pluralName,
    description: food.description,
    extras: food.extras,
    onHand: food.onHand,
    labelId: food.labelId,
    aliases: food.aliases,
  }
}

/** Creates a food, or replaces the one with `id`. */
export function useSaveFood() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateIngredientFood }) =>
      id ? call(updateFood, { params: { id }, body }) : call(createFood, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodKeys.all }),
  })
}

/** Deletes foods one by one (the table's bulk delete runs it per row) and refreshes the lists once after. */
export function useDeleteFood() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (food: IngredientFood) => call(deleteFood, { params: { id: food.id } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: foodKeys.all }),
  }
}

export function useMergeFoods() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (merge: { fromFood: string; toFood: string }) => call(mergeFoods, { body: merge }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodKeys.all }),
  })
}
