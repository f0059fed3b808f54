import {
  createShoppingList,
  deleteShoppingList,
  listShoppingItems,
  listShoppingLists,
  updateShoppingList,
  type ShoppingListOut,
} from '@larder/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/features/auth'
import { fakeServer } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { makeItem, makeList, page, shoppingIds, summaryOf } from '@/test/shopping-fixtures'
import { shoppingKeys } from '@/features/shopping/api/shopping-queries'
import { ShoppingListsIndex } from './ShoppingListsIndex'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The index over a fake server that keeps its lists. */
async function renderIndex(lists: ShoppingListOut[]) {
  const state = { lists: [...lists] }
  const server = fakeServer()
    .answer(listShoppingLists, () => page(state.lists.map(summaryOf)))
    .answer(listShoppingItems, () =>
      page(state.lists.flatMap((list) => list.listItems.filter((item) => !item.checked))),
    )
  const user = userEvent.setup({ delay: null })
  const rendered = await renderWithApp(
    <ShoppingListsIndex listPath={(id) => `/shopping-lists/${id}`} storesPath="/stores" />,
  )
  return { server, user, state, rendered }
}

describe('the shopping lists page (phone layout)', { timeout: 30_000 }, () => {
  it('says there are no lists yet, and creates one by name', async () => {
    const { server, user, state } = await renderIndex([])
    expect(await screen.findByText('No shopping lists yet')).toBeInTheDocument()
    server.answer(createShoppingList, ({ body }) => {
      const created = makeList([], { name: body.name ?? null })
      state.lists.push(created)
      return { status: 201 as const, body: created }
    })

    await user.click(screen.getByRole('button', { name: 'Create a list' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a shopping list' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Groceries')
    await user.click(within(dialog).getByRole('button', { name: 'Create a list' }))

    await waitFor(() => expect(server.calls(createShoppingList)).toHaveLength(1))
    expect(server.calls(createShoppingList)[0]!.body).toEqual({ name: 'Groceries', id: expect.stringMatching(uuid) })
    expect(server.calls(createShoppingList)[0]!.headers.get('Idempotency-Key')).toMatch(uuid)
    expect(await screen.findByRole('link', { name: 'Groceries' })).toHaveAttribute(
      'href',
      `/shopping-lists/${shoppingIds.list}`,
    )
  })

  it('shows each list with the number of items left to get', async () => {
    const weekly = makeList([makeItem({ note: 'milk' }), makeItem({ note: 'eggs' }), makeItem({ checked: true })])
    await renderIndex([weekly])
    const card = (await screen.findByRole('link', { name: 'Weekly shop' })).closest(
      '[data-testid="shopping-list-card"]',
    ) as HTMLElement
    expect(await within(card).findByText('2 items to get')).toBeInTheDocument()
  })

  it('renames a list', async () => {
    const weekly = makeList([])
    const { server, user, state } = await renderIndex([weekly])
    server.answer(updateShoppingList, ({ body }) => {
      state.lists = [{ ...weekly, name: body.name ?? null }]
      return { body: state.lists[0]! }
    })
    await user.click(await screen.findByRole('button', { name: 'Actions for Weekly shop' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename the list' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Big shop')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateShoppingList)).toHaveLength(1))
    expect(server.calls(updateShoppingList)[0]!.body).toMatchObject({
      id: weekly.id,
      groupId: weekly.groupId,
      userId: weekly.userId,
      name: 'Big shop',
    })
    expect(await screen.findByRole('link', { name: 'Big shop' })).toBeInTheDocument()
  })

  it('deletes a list only once confirmed', async () => {
    const weekly = makeList([])
    const { server, user, state } = await renderIndex([weekly])
    server.answer(deleteShoppingList, () => {
      state.lists = []
      return { body: weekly }
    })
    await user.click(await screen.findByRole('button', { name: 'Actions for Weekly shop' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list?' })
    expect(server.calls(deleteShoppingList)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(server.calls(deleteShoppingList)).toHaveLength(1))
    expect(server.calls(deleteShoppingList)[0]!.params.id).toBe(weekly.id)
    expect(await screen.findByText('No shopping lists yet')).toBeInTheDocument()
  })

  describe('offline', () => {
    afterEach(() => {
      onlineManager.setOnline(true)
      session.store.set({ status: 'loading', user: null })
    })

    it('shows a list created offline at once, under its own id, and creates it with that id once online', async () => {
      const me = makeUser({ groupId: shoppingIds.group, householdId: shoppingIds.household })
      session.store.set({ status: 'authenticated', user: me })
      const weekly = makeList([], { name: 'Weekly shop' })
      const { server, user, state, rendered } = await renderIndex([weekly])
      expect(await screen.findByRole('link', { name: 'Weekly shop' })).toBeInTheDocument()
      server.answer(createShoppingList, ({ body }) => {
        const created = makeList([], { id: body.id!, name: body.name ?? null })
        state.lists.push(created)
        return { status: 201 as const, body: created }
      })
      act(() => onlineManager.setOnline(false))

      await user.click(screen.getByRole('button', { name: 'Create a list' }))
      const dialog = await screen.findByRole('dialog', { name: 'Create a shopping list' })
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Corner shop')
      await user.click(within(dialog).getByRole('button', { name: 'Create a list' }))

      // Before any answer: in the index, in name order, opening its own page; one change waits; nothing was sent.
      const made = await screen.findByRole('link', { name: 'Corner shop' })
      const id = made.getAttribute('href')!.replace('/shopping-lists/', '')
      expect(id).toMatch(uuid)
      const cards = within(screen.getByRole('list', { name: /lists/i })).getAllByRole('link')
      expect(cards.map((link) => link.textContent)).toEqual(['Corner shop', 'Weekly shop'])
      expect(screen.getByText('1 change waiting')).toBeInTheDocument()
      expect(server.calls(createShoppingList)).toHaveLength(0)
      // Its page has it to show (empty, this household's), so it opens and takes lines before the server knows it.
      expect(rendered.queryClient.getQueryData(shoppingKeys.list(id))).toMatchObject({
        id,
        name: 'Corner shop',
        householdId: shoppingIds.household,
        listItems: [],
      })

      act(() => onlineManager.setOnline(true))
      await waitFor(() => expect(server.calls(createShoppingList)).toHaveLength(1))
      expect(server.calls(createShoppingList)[0]!.body).toEqual({ name: 'Corner shop', id })
      // The server's answer keeps it where it was, under the same id.
      await waitFor(() => expect(server.calls(listShoppingLists).length).toBeGreaterThan(1))
      expect(await screen.findByRole('link', { name: 'Corner shop' })).toHaveAttribute('href', `/shopping-lists/${id}`)
    })
  })
})
