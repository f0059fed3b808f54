import { getShoppingList, getShoppingListChanges, type ShoppingListOut } from '@larder/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeItem, makeList, summaryOf } from '@/test/shopping-fixtures'
import { catchUpKeptLists, withChanges } from './list-changes'
import { shoppingKeys } from './shopping-queries'

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('a kept shopping list brought up to date by its changes', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('replaces changed lines, adds new ones, drops deleted ones, and keeps the server order', () => {
    const milk = makeItem({ note: 'milk', position: 0 })
    const eggs = makeItem({ note: 'eggs', position: 1 })
    const bread = makeItem({ note: 'bread', position: 2 })
    const kept = makeList([milk, eggs, bread], { version: 4 })
    const checkedMilk = { ...milk, checked: true, version: 6 }
    const butter = makeItem({ note: 'butter', position: 1, createdAt: '2026-12-02T10:00:00Z', version: 7 })

    const merged = withChanges(
      kept,
      { shoppingListId: kept.id, version: 7, reset: false, items: [checkedMilk, butter], deletedItemIds: [bread.id] },
      summaryOf({ ...kept, version: 7 }),
    )

    // Same position: the older line first, as the server lists them.
    expect(merged.listItems.map((item) => item.note)).toEqual(['milk', 'eggs', 'butter'])
    expect(merged.listItems[0]).toEqual(checkedMilk)
    expect(merged.version).toBe(7)
  })

  it("takes the list's own fields from its summary, and the older version of the two as its own", () => {
    const kept = makeList([makeItem({ note: 'milk' })], { version: 4, name: 'Weekly shop' })
    const summary = summaryOf({ ...kept, name: 'Big shop', version: 6 })
    // The changes were read after the summary: a rename in between would not be in `summary`.
    const merged = withChanges(
      kept,
      { shoppingListId: kept.id, version: 8, reset: false, items: [], deletedItemIds: [] },
      summary,
    )
    expect(merged.name).toBe('Big shop')
    expect(merged.version).toBe(6)
    expect(merged.listItems).toEqual(kept.listItems)
  })

  it('a deletion of a line the copy never had, and a change of a line deleted since, leave a consistent copy', () => {
    const milk = makeItem({ note: 'milk' })
    const kept = makeList([milk], { version: 2 })
    const merged = withChanges(
      kept,
      { shoppingListId: kept.id, version: 3, reset: false, items: [], deletedItemIds: [makeItem().id, milk.id] },
      summaryOf({ ...kept, version: 3 }),
    )
    expect(merged.listItems).toEqual([])
  })
})

describe('catching up the kept lists when the page is shown again', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks only for the changes since the kept version, and nothing for a list whose version has not moved', async () => {
    const milk = makeItem({ note: 'milk' })
    const moved = makeList([milk], { version: 3 })
    const idle = makeList([makeItem({ note: 'rice' })], { id: makeItem().id, version: 5 })
    const queryClient = newClient()
    queryClient.setQueryData(shoppingKeys.list(moved.id), moved)
    queryClient.setQueryData(shoppingKeys.list(idle.id), idle)
    const server = fakeServer().answer(getShoppingListChanges, {
      body: {
        shoppingListId: moved.id,
        version: 4,
        reset: false,
        items: [{ ...milk, checked: true, version: 4 }],
        deletedItemIds: [],
      },
    })

    await catchUpKeptLists(queryClient, [summaryOf({ ...moved, version: 4 }), summaryOf(idle)])

    expect(server.requests.map((request) => `${request.path}?${request.search.toString()}`)).toEqual([
      `/api/households/shopping/lists/${moved.id}/changes?since=3`,
    ])
    const caughtUp = queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(moved.id))!
    expect(caughtUp.version).toBe(4)
    expect(caughtUp.listItems[0]!.checked).toBe(true)
    expect(queryClient.getQueryData(shoppingKeys.list(idle.id))).toBe(idle)
  })

  it('reads a list whole when the changes answer reset, or when no copy is kept', async () => {
    const kept = makeList([makeItem({ note: 'milk' })], { version: 1 })
    const fresh = makeList([makeItem({ note: 'tea' })], { id: makeItem().id, version: 9 })
    const queryClient = newClient()
    queryClient.setQueryData(shoppingKeys.list(kept.id), kept)
    const server = fakeServer()
      .answer(getShoppingListChanges, {
        body: { shoppingListId: kept.id, version: 9, reset: true, items: [], deletedItemIds: [] },
      })
      .answer(getShoppingList, (request) => ({
        body: request.params.id === kept.id ? { ...kept, version: 9, listItems: [] } : fresh,
      }))

    await catchUpKeptLists(queryClient, [summaryOf({ ...kept, version: 9 }), summaryOf(fresh)])

    expect(
      server
        .calls(getShoppingList)
        .map((request) => request.params.id)
        .sort(),
    ).toEqual([kept.id, fresh.id].sort())
    expect(queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(kept.id))!.listItems).toEqual([])
    expect(queryClient.getQueryData(shoppingKeys.list(fresh.id))).toEqual(fresh)
  })

  it('a later refetch of a caught-up list reads it whole instead of applying the same changes again', async () => {
    const milk = makeItem({ note: 'milk' })
    const kept = makeList([milk], { version: 1 })
    const queryClient = newClient()
    queryClient.setQueryData(shoppingKeys.list(kept.id), kept)
    const now = makeList([{ ...milk, note: 'oat milk', version: 3 }], { version: 3 })
    const server = fakeServer()
      .answer(getShoppingListChanges, {
        body: { shoppingListId: kept.id, version: 2, reset: false, items: [], deletedItemIds: [milk.id] },
      })
      .answer(getShoppingList, { body: now })

    await catchUpKeptLists(queryClient, [summaryOf({ ...kept, version: 2 })])
    expect(queryClient.getQueryData<ShoppingListOut>(shoppingKeys.list(kept.id))!.listItems).toEqual([])

    // A live poke refetches the query with the last function it was fetched with.
    await queryClient.refetchQueries({ queryKey: shoppingKeys.list(kept.id) })
    expect(server.calls(getShoppingList)).toHaveLength(1)
    expect(queryClient.getQueryData(shoppingKeys.list(kept.id))).toEqual(now)
  })
})
