import {
  addMealPlanToShoppingList,
  createShoppingList,
  type ShoppingListMealPlanInput,
  type ShoppingListOut,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { shoppingKeys } from './shopping-queries'
import { withCollection } from './shopping-writes'

/** A write's Idempotency-Key, made once when the person asks: a retry of the same write sends the same key. */
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } })

/**
 * "Shop for these days" writes while online, not through the offline queue: its preview is the server's answer (what
 * the plan holds, what is on hand, what is already on the list), so the dialog needs the server anyway, and a list it
 * creates must exist before the days can be added to it.
 */
export function useShopForDays() {
  const queryClient = useQueryClient()
  const settle = () => queryClient.invalidateQueries({ queryKey: shoppingKeys.all })
  const create = useMutation({
    mutationFn: ({ key, name }: { key: string; name: string }) =>
      call(createShoppingList, { ...keyed(key), body: { name } }),
    onSuccess: (list) => queryClient.setQueryData(shoppingKeys.list(list.id), list),
    onSettled: settle,
  })
  const add = useMutation({
    mutationFn: ({ key, listId, body }: { key: string; listId: string; body: ShoppingListMealPlanInput }) =>
      call(addMealPlanToShoppingList, { ...keyed(key), params: { id: listId }, body }),
    onSuccess: (answer, { listId }) =>
      queryClient.setQueryData<ShoppingListOut>(shoppingKeys.list(listId), (list) =>
        list ? withCollection(list, answer) : list,
      ),
    onSettled: settle,
  })
  return {
    createList: (name: string) => create.mutateAsync({ key: crypto.randomUUID(), name }),
    creating: create.isPending,
    add: (listId: string, body: ShoppingListMealPlanInput) =>
      add.mutateAsync({ key: crypto.randomUUID(), listId, body }),
    adding: add.isPending,
  }
}
