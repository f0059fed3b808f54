import { createFood, createUnit, listFoods, listUnits } from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'
import { foodKeys } from '@/features/foods/api/foods'
import { unitKeys } from '@/features/foods/api/units'

/** How many matches the ingredient autocomplete offers at once. */
const suggestionCount = 20

export const unitSearchQuery = (text: string) =>
  queryOptions({
    queryKey: unitKeys.search(text),
    queryFn: async () =>
      await call(listUnits, {
        query: { search: text || undefined, perPage: suggestionCount, orderBy: 'name', orderDirection: 'asc' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

export const foodSearchQuery = (text: string) =>
  queryOptions({
    queryKey: foodKeys.search(text),
    queryFn: async () =>
      await call(listFoods, {
        query: { search: text || undefined, perPage: suggestionCount, orderBy: 'name', orderDirection: 'asc' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/**
 * Creating a unit or food needs canOrganize; the caller shows its own message for a 403 (notify: false), so the
 * person learns why rather than reading the server's generic sentence.
 */
export function useCreateUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(createUnit, { body: { name: name.trim() }, notify: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  })
}

export function useCreateFood() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(createFood, { body: { name: name.trim() }, notify: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: foodKeys.all }),
  })
}
