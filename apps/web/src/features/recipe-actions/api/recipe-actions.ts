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

/**
 * Every action of the household by title, as Mealie's recipe menu asks for them. Quiet when it fails: the menu then
 * offers the recipe's own items without the actions.
 */
export const everyRecipeActionQuery = queryOptions({
  queryKey: recipeActionKeys.every(),
  queryFn: async () =>
    await call(listRecipeActions, {
      query: { ...everyItem, orderBy: 'title', orderDirection: 'asc' },
      notify: false,
    }),
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

interface Trigger {
  action: GroupRecipeActionOut
  recipeSlug: string
}

/**
 * Asks the server to post the recipe to a `post` action's address. The outcome is shown through `outcome`, given to
 * the mutation itself: the menu that asked has closed (and unmounted) by the time the answer comes.
 */
export function useTriggerRecipeAction(outcome: {
  sent: (action: GroupRecipeActionOut) => void
  failed: (action: GroupRecipeActionOut) => void
}) {
  return useMutation({
    mutationFn: ({ action, recipeSlug }: Trigger) =>
      call(triggerRecipeAction, { params: { id: action.id, recipeSlug }, notify: false }),
    onSuccess: (_, { action }) => outcome.sent(action),
    onError: (_, { action }) => outcome.failed(action),
  })
}
