import {
  deleteShoppingItems,
  getShoppingList,
  listFoods,
  listLabels,
  listShoppingStores,
  listUnits,
  parseIngredient,
  createShoppingItem,
  updateShoppingItem,
  updateShoppingItems,
  removeRecipeFromShoppingList,
  shoppingListGoodbye,
  shoppingListHeartbeat,
  type ShoppingListPresent,
  type ShoppingListItemOut,
  type ShoppingListOut,
  type ShoppingStoreOut,
} from '@larder/contracts'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onlineManager } from '@tanstack/react-query'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { undoOfferMs } from '@/features/shopping/components/UndoNotice'
import { fakeServer } from '@/test/fake-server'
import { makeFood, makeSummary, makeUnit } from '@/test/recipe-fixtures'
import type { OfflineStore } from '@/api/offline'
import { memoryStore, renderWithApp } from '@/test/render'
import { makeItem, makeLabel, makeList, makeStore, page, shoppingIds } from '@/test/shopping-fixtures'
import ShoppingListPage from './[id]'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const produce = makeLabel('Produce')
const dairy = makeLabel('Dairy')
const cup = makeUnit('cup', { pluralName: 'cups' })
const flour = makeFood('flour')

/**
 * The list page over a fake server that keeps the list's lines: writes change them and a refetch reads them back,
 * as the real server would.
 */
async function renderList(
  items: ShoppingListItemOut[],
  options: {
    stores?: ShoppingStoreOut[]
    list?: Partial<ShoppingListOut>
    store?: OfflineStore
    present?: ShoppingListPresent[]
  } = {},
) {
  const state = { items: [...items] }
  const list = () =>
    makeList(state.items, {
      ...options.list,
      labelSettings: [dairy, produce].map((label, position) => ({
        id: `00000000-0000-4000-8000-0000000e000${position}`,
        shoppingListId: shoppingIds.list,
        labelId: label.id,
        position,
        label,
      })),
    })
  const replace = (changed: ShoppingListItemOut[]) => {
    state.items = state.items.map((item) => changed.find((line) => line.id === item.id) ?? item)
    return { body: { createdItems: [], updatedItems: changed, deletedItems: [] } }
  }
  const server = fakeServer()
    .answer(getShoppingList, () => ({ body: list() }))
    .answer(listShoppingStores, page(options.stores ?? []))
    .answer(shoppingListHeartbeat, {
      body: { shoppingListId: shoppingIds.list, windowSeconds: 45, people: options.present ?? [] },
    })
    .answer(shoppingListGoodbye, { body: { shoppingListId: shoppingIds.list, windowSeconds: 45, people: [] } })
    .answer(listFoods, page([flour]))
    .answer(listUnits, page([cup]))
    .answer(listLabels, page([produce, dairy]))
    .answer(updateShoppingItems, ({ body }) =>
      replace(
        body.map((change) => {
          const item = state.items.find((line) => line.id === change.id)!
          return { ...item, checked: change.checked ?? item.checked, position: change.position ?? item.position }
        }),
      ),
    )
  const user = userEvent.setup({ delay: null })
  const rendered = await renderWithApp(
    <Routes>
      <Route path="/shopping-lists/:id" element={<ShoppingListPage />} />
    </Routes>,
    { path: `/shopping-lists/${shoppingIds.list}`, ...(options.store ? { store: options.store } : {}) },
  )
  await screen.findByRole('heading', { name: 'Weekly shop' })
  return { server, user, state, rendered }
}

/** The label headings and their lines' text, top to bottom. */
function shownGroups() {
  return screen
    .getAllByRole('region')
    .filter((region) => region.querySelector('h3'))
    .map((region) => [
      region.querySelector('h3')!.textContent,
      within(region)
        .queryAllByTestId('shopping-item')
        .map((row) => row.textContent),
    ])
}

describe('a shopping list (phone layout)', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks())

  it("groups the lines by label in the list's order, then in the chosen store's order, switched in one tap", async () => {
    const store = makeStore('Market', [produce.id, dairy.id])
    const { user } = await renderList(
      [
        makeItem({ note: 'apples', label: produce, position: 1 }),
        makeItem({ note: 'milk', label: dairy, position: 2 }),
        makeItem({ note: 'cheese', label: dairy, position: 0 }),
        makeItem({ note: 'foil', position: 3 }),
      ],
      { stores: [store] },
    )
    expect(shownGroups()).toEqual([
      ['No label', ['foil']],
      ['Dairy', ['cheese', 'milk']],
      ['Produce', ['apples']],
    ])
    await user.click(await screen.findByText('Market'))
    await waitFor(() => expect(shownGroups().map(([label]) => label)).toEqual(['No label', 'Produce', 'Dairy']))
  })

  it('adds a typed line parsed into amount, unit and food, with an idempotency key, shown at once', async () => {
    const { server, user, state } = await renderList([])
    server
      .answer(parseIngredient, {
        body: {
          input: '2 cups flour',
          confidence: { average: 0.9, comment: null, name: null, unit: 0.9, quantity: 0.9, food: 0.9 },
          ingredient: {
            quantity: 2,
            unit: cup,
            food: flour,
            note: '',
            isFood: true,
            disableAmount: false,
            display: '2 cups flour',
            title: null,
            originalText: '2 cups flour',
            referenceId: '00000000-0000-4000-8000-00000000f001',
            referencedRecipe: null,
          },
        },
      })
      .answer(createShoppingItem, ({ body }) => {
        const created = makeItem({
          id: body.id!,
          quantity: 2,
          unit: cup,
          unitId: cup.id,
          food: flour,
          foodId: flour.id,
          display: '2 cups flour',
        })
        state.items.push(created)
        return { status: 201 as const, body: { createdItems: [created], updatedItems: [], deletedItems: [] } }
      })

    await user.type(screen.getByRole('combobox', { name: 'Add an item' }), '2 cups flour{Enter}')

    await waitFor(() => expect(server.calls(createShoppingItem)).toHaveLength(1))
    const request = server.calls(createShoppingItem)[0]!
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
    expect(request.body).toMatchObject({
      shoppingListId: shoppingIds.list,
      quantity: 2,
      unitId: cup.id,
      foodId: flour.id,
      note: '',
    })
    expect(request.body.id).toMatch(uuid)
    expect(await screen.findByText('2 cups flour')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Add an item' })).toHaveValue('')
  })

  it('checks a line that stays in place, and puts it back with Undo', async () => {
    // The offer lasts 6 s on the clock; on a loaded CI machine the steps below can take longer than that.
    const realSetTimeout = globalThis.setTimeout
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number, ...rest: unknown[]) =>
      realSetTimeout(run, ms === undoOfferMs ? 10 * 60_000 : ms, ...rest)) as typeof setTimeout)
    const milk = makeItem({ note: 'milk', label: dairy, position: 0 })
    const { server, user } = await renderList([milk, makeItem({ note: 'apples', label: produce, position: 1 })])

    await user.click(screen.getByRole('checkbox', { name: 'milk' }))
    await waitFor(() => expect(server.calls(updateShoppingItems)).toHaveLength(1))
    const check = server.calls(updateShoppingItems)[0]!
    expect(check.body).toEqual([expect.objectContaining({ id: milk.id, checked: true })])
    expect(check.headers.get('Idempotency-Key')).toMatch(uuid)
    // Still under its label, ticked: the list does not move under the finger.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'milk' })).toBeChecked())
    expect(shownGroups()).toEqual([
      ['Dairy', ['milk']],
      ['Produce', ['apples']],
    ])
    expect(screen.getByText('1 item checked')).toBeInTheDocument()

    const notice = screen.getByText('Checked milk').closest('[role="status"]') as HTMLElement
    await user.click(within(notice).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(server.calls(updateShoppingItems)).toHaveLength(2))
    const undo = server.calls(updateShoppingItems)[1]!
    expect(undo.body).toEqual([expect.objectContaining({ id: milk.id, checked: false })])
    expect(undo.headers.get('Idempotency-Key')).not.toBe(check.headers.get('Idempotency-Key'))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'milk' })).not.toBeChecked())
  })

  it('edits a line, sending a new amount as an increment', async () => {
    const milk = makeItem({ note: 'milk', label: dairy, quantity: 1 })
    const { server, user } = await renderList([milk])
    server.answer(updateShoppingItem, ({ body }) => {
      const changed = { ...milk, quantity: 1 + (body.quantityIncrement ?? 0), note: body.note ?? '', display: '3 milk' }
      return { body: { createdItems: [], updatedItems: [changed], deletedItems: [] } }
    })

    await user.click(screen.getByRole('button', { name: 'Edit milk' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the item' })
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' })
    await user.clear(quantity)
    await user.type(quantity, '3')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateShoppingItem)).toHaveLength(1))
    const request = server.calls(updateShoppingItem)[0]!
    expect(request.params.id).toBe(milk.id)
    expect(request.body).toMatchObject({ quantityIncrement: 2, note: 'milk', labelId: dairy.id })
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
  })

  it('deletes the checked lines after asking', async () => {
    const butter = makeItem({ note: 'butter', label: dairy, checked: true })
    const eggs = makeItem({ note: 'eggs', checked: true })
    const { server, user, state } = await renderList([makeItem({ note: 'milk', label: dairy }), butter, eggs])
    server.answer(deleteShoppingItems, ({ search }) => {
      const ids = search.getAll('ids')
      state.items = state.items.filter((item) => !ids.includes(item.id))
      return { body: { message: '', error: false as const } }
    })
    expect(screen.getByText('2 items checked')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete checked' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the checked items?' })
    expect(server.calls(deleteShoppingItems)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(server.calls(deleteShoppingItems)).toHaveLength(1))
    const request = server.calls(deleteShoppingItems)[0]!
    expect(request.search.getAll('ids').sort()).toEqual([butter.id, eggs.id].sort())
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
    await waitFor(() => expect(screen.queryByText('2 items checked')).not.toBeInTheDocument())
    expect(screen.getByRole('checkbox', { name: 'milk' })).toBeInTheDocument()
  })

  it('copies the unchecked lines as text and says so for a moment', async () => {
    const { user } = await renderList([
      makeItem({ note: 'milk', label: dairy, position: 0 }),
      makeItem({ note: 'apples', label: produce, position: 1 }),
      makeItem({ note: 'butter', label: dairy, checked: true }),
    ])
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Copy as text' }))
    expect(await navigator.clipboard.readText()).toBe('milk\napples')
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('completes the last word typed with a food of the group', async () => {
    const { user } = await renderList([])
    await user.type(screen.getByRole('combobox', { name: 'Add an item' }), '2 cups fl')
    expect(await screen.findByRole('option', { name: '2 cups flour', hidden: true })).toBeInTheDocument()
  })

  it("removes a recipe's share from the list", async () => {
    const recipe = makeSummary({ name: 'Pancakes' })
    const reference = {
      id: '00000000-0000-4000-8000-0000000f0001',
      shoppingListId: shoppingIds.list,
      recipeId: recipe.id,
      recipeQuantity: 2,
      recipe,
    }
    const { server, user } = await renderList([makeItem({ note: 'flour' })], {
      list: { recipeReferences: [reference] },
    })
    server.answer(removeRecipeFromShoppingList, { body: makeList([]) })
    expect(screen.getByText('Pancakes × 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove Pancakes from the list' }))
    await waitFor(() => expect(server.calls(removeRecipeFromShoppingList)).toHaveLength(1))
    const request = server.calls(removeRecipeFromShoppingList)[0]!
    expect(request.params).toEqual({ id: shoppingIds.list, recipeId: recipe.id })
    expect(request.body).toEqual({ recipeDecrementQuantity: 2 })
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
  })

  it('shows who else has the list open, by initials named for screen readers, after saying the caller is here', async () => {
    const { server } = await renderList([makeItem({ note: 'milk' })], {
      present: [
        { userId: '00000000-0000-4000-8000-00000000aa01', username: 'sam', fullName: 'Sam Rivera' },
        { userId: '00000000-0000-4000-8000-00000000aa02', username: 'kim', fullName: null },
      ],
    })
    const here = await screen.findByRole('group', { name: 'Also on this list now' })
    expect(within(here).getByRole('img', { name: 'Sam Rivera is on this list' })).toHaveTextContent('SR')
    expect(within(here).getByRole('img', { name: 'kim is on this list' })).toHaveTextContent('K')
    expect(server.calls(shoppingListHeartbeat)[0]!.params).toEqual({ id: shoppingIds.list })
  })

  it('says goodbye, with a request that outlives the page, when the page is hidden for good and when the screen goes', async () => {
    const { server, rendered } = await renderList([makeItem({ note: 'milk' })])
    await waitFor(() => expect(server.calls(shoppingListHeartbeat)).toHaveLength(1))
    expect(server.calls(shoppingListGoodbye)).toEqual([])

    act(() => void window.dispatchEvent(new Event('pagehide')))
    await waitFor(() => expect(server.calls(shoppingListGoodbye)).toHaveLength(1))
    rendered.unmount()
    await waitFor(() => expect(server.calls(shoppingListGoodbye)).toHaveLength(2))
    for (const request of server.calls(shoppingListGoodbye)) {
      expect(request.method).toBe('DELETE')
      expect(request.params).toEqual({ id: shoppingIds.list })
      expect(request.keepalive).toBe(true)
    }
  })

  describe('without a network', () => {
    afterEach(() => onlineManager.setOnline(true))

    it('says the list is offline', async () => {
      await renderList([makeItem({ note: 'milk' })])
      expect(screen.queryByText('Offline')).not.toBeInTheDocument()
      act(() => onlineManager.setOnline(false))
      expect(await screen.findByText('Offline')).toBeInTheDocument()
    })

    it('queues the changes made offline, says how many wait, and sends them in order with their keys once online', async () => {
      const milk = makeItem({ note: 'milk', label: dairy, position: 0 })
      const apples = makeItem({ note: 'apples', label: produce, position: 1 })
      const { server, user } = await renderList([milk, apples])
      act(() => onlineManager.setOnline(false))

      await user.click(screen.getByRole('checkbox', { name: 'milk' }))
      await user.click(screen.getByRole('checkbox', { name: 'apples' }))

      // Shown at once, and counted: nothing reached the server.
      expect(await screen.findByText('2 changes waiting')).toBeInTheDocument()
      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'apples' })).toBeChecked())
      expect(screen.getByRole('checkbox', { name: 'milk' })).toBeChecked()
      expect(screen.getByText('Offline')).toBeInTheDocument()
      expect(server.calls(updateShoppingItems)).toHaveLength(0)

      act(() => onlineManager.setOnline(true))
      await waitFor(() => expect(server.calls(updateShoppingItems)).toHaveLength(2))
      const [first, second] = server.calls(updateShoppingItems)
      expect(first!.body).toEqual([expect.objectContaining({ id: milk.id, checked: true })])
      expect(second!.body).toEqual([expect.objectContaining({ id: apples.id, checked: true })])
      expect(first!.headers.get('Idempotency-Key')).toMatch(uuid)
      expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'))
      await waitFor(() => expect(screen.queryByTestId('waiting-changes')).not.toBeInTheDocument())
      expect(screen.getByRole('checkbox', { name: 'milk' })).toBeChecked()
    })

    it("shows a refused change with the server's reason until it is dismissed, and the list as the server has it", async () => {
      const eggs = makeItem({ note: 'eggs', checked: true })
      const { server, user } = await renderList([makeItem({ note: 'milk' }), eggs])
      server.answer(deleteShoppingItems, {
        status: 404,
        body: { detail: { message: 'The list was not found', error: true, exception: null } },
      })

      await user.click(screen.getByRole('button', { name: 'Delete checked' }))
      const dialog = await screen.findByRole('dialog', { name: 'Delete the checked items?' })
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

      const refused = await screen.findByRole('alert')
      expect(refused).toHaveTextContent('A change was not saved: The list was not found')
      // The server's list is read again: the line it kept is back.
      expect(await screen.findByText('1 item checked')).toBeInTheDocument()
      await user.click(within(refused).getByRole('button', { name: 'Dismiss' }))
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    })

    it('says when a line changed here was deleted by someone else (the delete wins), and Undo makes it again', async () => {
      const milk = makeItem({ note: 'milk', label: dairy })
      const { server, user, state } = await renderList([milk])
      act(() => onlineManager.setOnline(false))
      await user.click(screen.getByRole('checkbox', { name: 'milk' }))
      // Meanwhile someone else deletes the line.
      state.items = []
      server
        .answer(updateShoppingItems, {
          status: 410,
          body: { detail: { message: 'This item was deleted meanwhile', error: true, exception: null } },
        })
        .answer(createShoppingItem, ({ body }) => {
          const created = makeItem({ id: body.id!, note: body.note ?? '', labelId: body.labelId ?? null })
          state.items.push(created)
          return { status: 201 as const, body: { createdItems: [created], updatedItems: [], deletedItems: [] } }
        })

      act(() => onlineManager.setOnline(true))
      const refused = await screen.findByRole('alert')
      expect(refused).toHaveTextContent('milk was deleted by someone else')
      await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'milk' })).not.toBeInTheDocument())

      await user.click(within(refused).getByRole('button', { name: 'Undo' }))
      await waitFor(() => expect(server.calls(createShoppingItem)).toHaveLength(1))
      const made = server.calls(createShoppingItem)[0]!
      expect(made.body).toMatchObject({ shoppingListId: shoppingIds.list, note: 'milk', labelId: dairy.id })
      expect(made.body.id).not.toBe(milk.id)
      expect(await screen.findByRole('checkbox', { name: 'milk' })).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it('keeps the changes made offline on the device, and sends them with the same key when the app opens again', async () => {
      const milk = makeItem({ note: 'milk', label: dairy, position: 0 })
      const apples = makeItem({ note: 'apples', label: produce, position: 1 })
      const device = memoryStore()
      const before = await renderList([milk, apples], { store: device })
      act(() => onlineManager.setOnline(false))
      await before.user.click(screen.getByRole('checkbox', { name: 'milk' }))
      expect(await screen.findByText('1 change waiting')).toBeInTheDocument()
      await before.rendered.offlineWrites.flush()
      expect(before.server.calls(updateShoppingItems)).toHaveLength(0)
      const keptRecord = JSON.stringify(device.records.get('writes:test-user'))
      // The app is closed with the change unsent, and opened again later with a network.
      await before.rendered.offlineWrites.close()
      cleanup()
      act(() => onlineManager.setOnline(true))

      const { server, user } = await renderList([milk, apples], { store: device })
      await user.click(await screen.findByRole('checkbox', { name: 'apples' }))

      await waitFor(() => expect(server.calls(updateShoppingItems)).toHaveLength(2))
      const [restored, made] = server.calls(updateShoppingItems)
      expect(restored!.body).toEqual([expect.objectContaining({ id: milk.id, checked: true })])
      expect(made!.body).toEqual([expect.objectContaining({ id: apples.id, checked: true })])
      expect(keptRecord).toContain(restored!.headers.get('Idempotency-Key'))
      // The restored check showed on the list as soon as it was read (it sits in the checked section).
      expect(await screen.findByText('2 items checked')).toBeInTheDocument()
    })
  })
})
