import { updateShoppingItems, type ShoppingListOut } from '@larder/contracts'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createOfflineWrites, OfflineWritesProvider, type OfflineStore } from '@/api/offline'
import { fakeServer } from '@/test/fake-server'
import { memoryStore } from '@/test/render'
import { makeItem, makeList } from '@/test/shopping-fixtures'
import { shoppingKeys } from './shopping-queries'
import { useShoppingListWrites } from './shopping-writes'

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

/** The list's writes over a query client that holds the list, with offline writes kept in `store` (not restored). */
function renderWrites(list: ShoppingListOut, store: OfflineStore, queryClient = newClient()) {
  queryClient.setQueryData(shoppingKeys.list(list.id), list)
  const writes = createOfflineWrites({ queryClient, userId: 'someone', store, retryDelay: () => 0 })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <OfflineWritesProvider writes={writes}>{children}</OfflineWritesProvider>
    </QueryClientProvider>
  )
  const { result } = renderHook(() => useShoppingListWrites(list.id), { wrapper })
  const cached = () => queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(list.id))!
  return { result, writes, cached }
}

describe("the shopping list's writes (offline layer)", () => {
  afterEach(() => onlineManager.setOnline(true))

  it('waits for the writes kept on the device before a new one, so that the kept ones are sent first', async () => {
    const milk = makeItem({ note: 'milk' })
    const eggs = makeItem({ note: 'eggs' })
    const list = makeList([milk, eggs])
    const device = memoryStore()
    const server = fakeServer().answer(updateShoppingItems, {
      body: { createdItems: [], updatedItems: [], deletedItems: [] },
    })

    // Yesterday, offline: milk was checked and the app closed.
    act(() => onlineManager.setOnline(false))
    const closedApp = newClient()
    const yesterday = renderWrites(list, device, closedApp)
    await yesterday.writes.restore()
    await act(() => yesterday.result.current.setChecked([milk], true))
    await waitFor(() => expect(yesterday.writes.getState().waiting).toBe(1))
    await yesterday.writes.close()
    closedApp.getMutationCache().clear()

    // Today, online: the screen checks eggs before anything called restore().
    act(() => onlineManager.setOnline(true))
    const today = renderWrites(list, device)
    await act(() => today.result.current.setChecked([eggs], true))

    await waitFor(() => expect(server.calls(updateShoppingItems)).toHaveLength(2))
    expect(server.calls(updateShoppingItems).map((request) => request.body[0]!.id)).toEqual([milk.id, eggs.id])
    expect(today.cached().listItems.map((item) => item.checked)).toEqual([true, true])
  })

  it('shows a refused check with its reason, and the list as the server has it', async () => {
    const milk = makeItem({ note: 'milk' })
    const list = makeList([milk])
    const server = fakeServer().answer(updateShoppingItems, {
      status: 410,
      body: { detail: { message: 'This item was deleted meanwhile', error: true, exception: null } },
    })
    const { result, writes, cached } = renderWrites(list, memoryStore())
    await writes.restore()

    await act(() => result.current.setChecked([milk], true))
    expect(cached().listItems[0]!.checked).toBe(true)

    await waitFor(() => expect(writes.getState().refused).toHaveLength(1))
    expect(server.calls(updateShoppingItems)).toHaveLength(1)
    expect(writes.getState().refused[0]).toMatchObject({
      key: 'shopping.items.update',
      status: 410,
      reason: 'This item was deleted meanwhile',
    })
    expect(writes.getState().waiting).toBe(0)
  })
})
