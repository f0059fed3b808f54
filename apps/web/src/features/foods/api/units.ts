import {
  createUnit,
  deleteUnit,
  listUnits,
  mergeUnits,
  updateUnit,
  type CreateIngredientUnit,
  type IngredientUnit,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { ListParams } from '@/components/data-table/list-params'
import { everyItem } from '@/components/paginated'

export const unitKeys = {
  all: ['units'] as const,
  list: (params: ListParams) => [...unitKeys.all, 'list', params] as const,
  every: () => [...unitKeys.all, 'every'] as const,
  /** The ingredient editor's autocomplete. */
  search: (text: string) => [...unitKeys.all, 'search', text] as const,
}

/** One page of the group's units, as the data table asks for it. */
export const unitsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: unitKeys.list(params),
    queryFn: async () => await call(listUnits, { query: params }),
  })

/** Every unit by name: the merge dialog's pickers. */
export const everyUnitQuery = queryOptions({
  queryKey: unitKeys.every(),
  queryFn: async () =>
    await call(listUnits, {
      query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
    }),
})

export function useUnits(params: ListParams) {
  return useQuery({ ...unitsQuery(params), placeholderData: keepPreviousData })
}

export function useEveryUnit(enabled = true) {
  return useQuery({ ...everyUnitQuery, enabled })
}

/** What the form sends for a unit: the whole unit, as PUT replaces it. */
export function unitBody(unit: IngredientUnit): CreateIngredientUnit {
  return {
    name: unit.name,
    pluralName: unit.pluralName,
    description: unit.description,
    extras: unit.extras,
    fraction: unit.fraction,
    abbreviation: unit.abbreviation,
    pluralAbbreviation: unit.pluralAbbreviation,
    useAbbreviation: unit.useAbbreviation,
    aliases: unit.aliases,
  }
}

/** Creates a unit, or replaces the one with `id`. */
export function useSaveUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateIngredientUnit }) =>
      id ? call(updateUnit, { params: { id }, body }) : call(createUnit, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  })
}

/** Deletes units one by one (the table's bulk delete runs it per row) and refreshes the lists once after. */
export function useDeleteUnit() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (unit: IngredientUnit) => call(deleteUnit, { params: { id: unit.id } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  }
}

export function useMergeUnits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (merge: { fromUnit: string; toUnit: string }) => call(mergeUnits, { body: merge }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  })
}
