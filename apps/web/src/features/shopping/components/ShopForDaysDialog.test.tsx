import {
  addMealPlanToShoppingList,
  createShoppingList,
  listShoppingLists,
  previewMealPlanOnShoppingList,
  type ShoppingListMealPlanLine,
  type ShoppingListMealPlanPreview,
  type ShoppingListMealPlanSource,
} from '@larder/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { fixtureId, makeFood, makeUnit } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { makeItem, makeLabel, makeList, page, summaryOf } from '@/test/shopping-fixtures'
import { ShopForDaysDialog } from './ShopForDaysDialog'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const source = (
  planEntryId: number,
  recipeName: string,
  planned: { servings: number; recipeScale: number } = { servings: 0, recipeScale: 1 },
): ShoppingListMealPlanSource => ({
  planEntryId,
  mealplanId: fixtureId(),
  date: '2026-03-02',
  entryType: 'dinner',
  recipeId: fixtureId(),
  recipeName,
  servings: planned.servings || null,
  recipeScale: planned.recipeScale,
})

const baking = makeLabel('Baking')
const dairy = makeLabel('Dairy')
const flour = makeFood('flour', { labelId: baking.id, label: baking })
const milk = makeFood('milk', { labelId: dairy.id, label: dairy })
const eggs = makeFood('egg', { onHand: true })

function line(overrides: Partial<ShoppingListMealPlanLine>): ShoppingListMealPlanLine {
  return { food: null, unit: null, quantity: 1, note: '', display: '', onHand: false, sources: [], ...overrides }
}

function previewOf(
  listId: string,
  lines: ShoppingListMealPlanLine[],
  entriesOnList: ShoppingListMealPlanSource[] = [],
) {
  return {
    body: { shoppingListId: listId, startDate: '2026-03-02', endDate: '2026-03-08', lines, entriesOnList },
  } satisfies { body: ShoppingListMealPlanPreview }
}

const weekLines = [
  line({
    food: flour,
    unit: makeUnit('gram'),
    quantity: 500,
    display: '500 gram flour',
    sources: [source(1, 'Pancakes'), source(2, 'Bread')],
  }),
  line({ food: eggs, quantity: 2, display: '2 egg', onHand: true, sources: [source(1, 'Pancakes')] }),
  line({ food: milk, unit: makeUnit('cup'), display: '1 cup milk', sources: [source(2, 'Bread')] }),
  line({ note: 'a pinch of salt', quantity: 0, display: 'a pinch of salt', sources: [source(1, 'Pancakes')] }),
]

afterEach(() => notificationStore.close())

describe('shop for these days', { timeout: 30_000 }, () => {
  it('previews the week by label with on-hand foods unticked, then adds what stays ticked', async () => {
    const weekly = makeList([])
    const added = makeItem({ food: flour, foodId: flour.id, quantity: 500 })
    const server = fakeServer()
      .answer(listShoppingLists, page([summaryOf(weekly)]))
      .answer(previewMealPlanOnShoppingList, previewOf(weekly.id, weekLines, [source(3, 'Soup')]))
      .answer(addMealPlanToShoppingList, {
        body: { createdItems: [added, makeItem(), makeItem()], updatedItems: [], deletedItems: [] },
      })
    const user = userEvent.setup({ delay: null })
    let closed = false
    await renderWithApp(
      <ShopForDaysDialog opened start="2026-03-02" end="2026-03-08" onClose={() => (closed = true)} />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Shop for these days' })

    // The only list is chosen; the preview asks for the week shown.
    const preview = await within(dialog).findByTestId('shop-days-preview')
    expect(server.calls(previewMealPlanOnShoppingList)[0]!.params).toEqual({ id: weekly.id })
    expect(server.calls(previewMealPlanOnShoppingList)[0]!.body).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-08',
    })
    expect(within(preview).getByText(/1 planned meal of these days is already on this list/)).toBeVisible()
    const groups = within(preview).getAllByRole('region')
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Baking', 'Dairy', 'No label'])
    const box = (name: RegExp) => within(preview).getByRole('checkbox', { name })
    expect(box(/500 gram flour/)).toBeChecked()
    expect(within(groups[0]!).getByText('Pancakes · Bread')).toBeVisible()
    expect(box(/2 egg/)).not.toBeChecked()
    expect(within(groups[2]!).getByText('On hand')).toBeVisible()
    expect(box(/a pinch of salt/)).toBeChecked()
    expect(box(/a pinch of salt/)).toBeDisabled()

    // The eggs are wanted after all; the milk is not.
    await user.click(box(/2 egg/))
    await user.click(box(/1 cup milk/))
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 items' }))

    await waitFor(() => expect(server.calls(addMealPlanToShoppingList)).toHaveLength(1))
    const request = server.calls(addMealPlanToShoppingList)[0]!
    expect(request.params).toEqual({ id: weekly.id })
    expect(request.body).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08', leaveOut: [milk.id] })
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
    await waitFor(() => expect(closed).toBe(true))
    expect(notificationStore.get().general).toMatchObject({
      open: true,
      text: 'Added 3 items to Weekly shop',
      action: { label: 'Open the list' },
    })
  })

  it('shows the amounts scaled to the servings planned, naming the servings of each recipe', async () => {
    const weekly = makeList([])
    // Pancakes for 4, planned for 8 and for 2; the bread as written.
    const scaled = line({
      food: flour,
      unit: makeUnit('gram'),
      quantity: 800,
      display: '800 gram flour',
      sources: [
        source(1, 'Pancakes', { servings: 8, recipeScale: 2 }),
        source(2, 'Pancakes', { servings: 2, recipeScale: 0.5 }),
        source(3, 'Bread'),
      ],
    })
    fakeServer()
      .answer(listShoppingLists, page([summaryOf(weekly)]))
      .answer(previewMealPlanOnShoppingList, previewOf(weekly.id, [scaled]))
    await renderWithApp(<ShopForDaysDialog opened start="2026-03-02" end="2026-03-08" onClose={() => undefined} />)
    const preview = await screen.findByTestId('shop-days-preview')
    expect(within(preview).getByRole('checkbox', { name: /800 gram flour/ })).toBeChecked()
    expect(within(preview).getByText('Pancakes for 8 · Pancakes for 2 · Bread')).toBeVisible()
  })

  it('leaves the on-hand foods out by default and asks again for the dates typed', async () => {
    const weekly = makeList([])
    const server = fakeServer()
      .answer(listShoppingLists, page([summaryOf(weekly)]))
      .answer(previewMealPlanOnShoppingList, (request) =>
        request.body.startDate === '2026-03-09'
          ? previewOf(weekly.id, [], [source(1, 'Pancakes')])
          : previewOf(weekly.id, weekLines),
      )
      .answer(addMealPlanToShoppingList, { body: { createdItems: [], updatedItems: [], deletedItems: [] } })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<ShopForDaysDialog opened start="2026-03-02" end="2026-03-08" onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Shop for these days' })
    await within(dialog).findByTestId('shop-days-preview')

    // An end before the start is refused on the spot, without asking the server.
    const calls = server.calls(previewMealPlanOnShoppingList).length
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-01' } })
    expect(await within(dialog).findByText('The end comes before the start')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: /Add/ })).toBeDisabled()
    expect(server.calls(previewMealPlanOnShoppingList)).toHaveLength(calls)

    // The next week, already on the list: nothing to add.
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-03-09' } })
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-15' } })
    expect(await within(dialog).findByText('Everything planned for these days is already on this list.')).toBeVisible()
    expect(server.calls(previewMealPlanOnShoppingList).at(-1)!.body).toEqual({
      startDate: '2026-03-09',
      endDate: '2026-03-15',
    })
    expect(within(dialog).getByRole('button', { name: 'Add 0 items' })).toBeDisabled()

    // Back to the week: the eggs on hand stay unticked, and are sent as left out.
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-03-02' } })
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-08' } })
    await user.click(await within(dialog).findByRole('button', { name: 'Add 3 items' }))
    await waitFor(() => expect(server.calls(addMealPlanToShoppingList)).toHaveLength(1))
    expect(server.calls(addMealPlanToShoppingList)[0]!.body).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-08',
      leaveOut: [eggs.id],
    })
  })

  it('creates a list to shop into, then previews for it', async () => {
    const weekly = makeList([])
    const party = makeList([], { id: '00000000-0000-4000-8000-00000000c002', name: 'Party' })
    const barbecue = makeList([], { id: fixtureId(), name: 'Barbecue' })
    const server = fakeServer()
      .answer(listShoppingLists, page([summaryOf(weekly), summaryOf(party)]))
      .answer(createShoppingList, { status: 201, body: barbecue })
      .answer(previewMealPlanOnShoppingList, (request) => previewOf(request.params.id!, weekLines))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<ShopForDaysDialog opened start="2026-03-02" end="2026-03-08" onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Shop for these days' })

    // Two lists: none is chosen for the person, and nothing is previewed yet.
    expect(within(dialog).queryByTestId('shop-days-preview')).toBeNull()
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Shopping list' }), 'Party')
    await within(dialog).findByTestId('shop-days-preview')
    expect(server.calls(previewMealPlanOnShoppingList).at(-1)!.params).toEqual({ id: party.id })

    await user.click(within(dialog).getByRole('button', { name: 'Create a list' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Barbecue')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(server.calls(createShoppingList)).toHaveLength(1))
    expect(server.calls(createShoppingList)[0]!.body).toEqual({ name: 'Barbecue' })
    const created = server.calls(createShoppingList)[0]!
    expect(created.headers.get('Idempotency-Key')).toMatch(uuid)
    await waitFor(() => expect(server.calls(previewMealPlanOnShoppingList).at(-1)!.params).toEqual({ id: barbecue.id }))
    expect(within(dialog).getByRole('combobox', { name: 'Shopping list' })).toHaveValue('Barbecue')
  })
})
