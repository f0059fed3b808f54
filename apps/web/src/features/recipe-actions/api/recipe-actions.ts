import {
  createRecipeAction,
  deleteRecipeAction,
  listRecipeActions,
  triggerRecipeAction,
  updateRecipeAction,
  type GroupRecipeActionOut,
  type RecipeActionInput,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { ListParams } from '@/components/data-table/list-params'
import { everyItem } from '@/components/paginated'

export const recipeActionKeys = {
  all: ['recipe-actions'] as const,
  list: (params: ListParams) => [...recipeActionKeys.all, 'list', params] as const,
  every: () => [...recipeActionKeys.all, 'every'] as const,
}

export const recipeActionsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: recipeActionKeys.list(params),
    queryFn: async () => await call(listRecipeActions, { query: params }),
  })

/** Every action of the household by title, as Mealie's recipe menu asks for them. */
export const everyRecipeActionQuery = queryOptions({
  queryKey: recipeActionKeys.every(),
  queryFn: async () =>
    await call(listRecipeActions, { query: { ...everyItem, orderBy: 'title', orderDirection: 'asc' } }),
})

export function useRecipeActions(params: ListParams) {
  return useQuery({ ...recipeActionsQuery(params), placeholderData: keepPreviousData })
}

export function useEveryRecipeAction(enabled = true) {
  return useQuery({ ...everyRecipeActionQuery, enabled })
}

/** Creates an action, or replaces the one with `id`; a refusal is kept for the form, not notified. */
export function useSaveRecipeAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RecipeActionInput }) =>
      id
        ? call(updateRecipeAction, { params: { id }, body, notify: false })
        : call(createRecipeAction, { body, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeActionKeys.all }),
  })
}

export function useDeleteRecipeAction() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (action: GroupRecipeActionOut) => call(deleteRecipeAction, { params: { id: action.id } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: recipeActionKeys.all }),
  }
}

/** Asks the server to post the recipe to a `post` action's address; the outcome is the caller's to show. */
export function useTriggerRecipeAction() {
  return useMutation({
    mutationFn: ({ id, recipeSlug }: { id: string; recipeSlug: string }) =>
      call(triggerRecipeAction, { params: { id, recipeSlug }, notify: false }),
  })
}
