import {
  createLabel,
  deleteLabel,
  listLabels,
  updateLabel,
  type CreateLabel,
  type MultiPurposeLabel,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { ListParams } from '@/components/data-table/list-params'
import { everyItem } from '@/components/paginated'

export const labelKeys = {
  all: ['labels'] as const,
  list: (params: ListParams) => [...labelKeys.all, 'list', params] as const,
  every: () => [...labelKeys.all, 'every'] as const,
}

export const labelsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: labelKeys.list(params),
    queryFn: async () => await call(listLabels, { query: params }),
  })

/** Every label by name: the food form's label picker. */
export const everyLabelQuery = queryOptions({
  queryKey: labelKeys.every(),
  queryFn: async () =>
    await call(listLabels, {
      query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
    }),
})

export function useLabels(params: ListParams) {
  return useQuery({ ...labelsQuery(params), placeholderData: keepPreviousData })
}

export function useEveryLabel() {
  return useQuery(everyLabelQuery)
}

/** Creates a label, or replaces the one with `id`. Foods show their label, so their lists refresh too. */
export function useSaveLabel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateLabel }) =>
      id ? call(updateLabel, { params: { id }, body }) : call(createLabel, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: labelKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['foods'] })
    },
  })
}

export function useDeleteLabel() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (label: MultiPurposeLabel) => call(deleteLabel, { params: { id: label.id } }),
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: labelKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['foods'] })
    },
  }
}
