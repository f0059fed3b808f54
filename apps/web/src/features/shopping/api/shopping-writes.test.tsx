import { deleteShoppingItems, updateShoppingItems, type ShoppingListOut } from '@larder/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeItem, makeList, shoppingIds } from '@/test/shopping-fixtures'
import { shoppingKeys } from './shopping-queries'
import { useShoppingListWrites } from './shopping-writes'

/** The list's writes over a query client that holds the list (no screen reads it, so nothing refetches it). */
function renderWrites(list: ShoppingListOut) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  queryClient.setQueryData(shoppingKeys.list(list.id), list)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useShoppingListWrites(list.id), { wrapper })
  const cached = () => queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(list.id))!
  /** Every state the cached list went through, oldest first. */
  const history: ShoppingListOut[] = []
  queryClient.getQueryCache().subscribe(() => {
    const now = cached()
    if (history.at(-1) !== now) history.push(now)
  })
  return { result, cached, history }
}

describe("the shopping list's writes", () => {
  it('shows a check at once and takes it back when the server refuses it', async () => {
    const milk = makeItem({ note: 'milk' })
    const server = fakeServer().answer(updateShoppingItems, {
      status: 410,
      body: { detail: { message: 'This item was deleted', error: true, exception: null } },
    })
    const { result, cached, history } = renderWrites(makeList([milk]))

    await act(() => expect(result.current.setChecked([milk], true)).rejects.toThrow('This item was deleted'))

    expect(server.calls(updateShoppingItems)).toHaveLength(1)
    expect(history.map((list) => list.listItems[0]!.checked)).toEqual([true, false])
    expect(cached().listItems[0]!.checked).toBe(false)
  })

  it('gives each write its own idempotency key and puts deleted lines back on a refusal', async () => {
    const milk = makeItem({ note: 'milk' })
    const eggs = makeItem({ note: 'eggs', checked: true })
    const server = fakeServer().answer(deleteShoppingItems, {
      status: 404,
      body: { detail: { message: 'Not found', error: true, exception: null } },
    })
    const { result, cached } = renderWrites(makeList([milk, eggs]))

    await act(() => expect(result.current.deleteItems([eggs.id])).rejects.toThrow())
    await act(() => expect(result.current.deleteItems([eggs.id])).rejects.toThrow())

    const keys = server.calls(deleteShoppingItems).map((request) => request.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
    expect(cached().listItems.map((item) => item.id)).toEqual([milk.id, eggs.id])
    expect(cached().id).toBe(shoppingIds.list)
  })
})
