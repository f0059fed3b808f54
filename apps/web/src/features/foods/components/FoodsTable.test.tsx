import {
  createFood,
  deleteFood,
  listFoods,
  listLabels,
  mergeFoods,
  seedFoods,
  updateFood,
  type IngredientFood,
  type MultiPurposeLabel,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer, type FakeRequest } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { makeFood } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { useWideScreen } from '@/test/wide-screen'
import { FoodsTable } from './FoodsTable'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const produce: MultiPurposeLabel = {
  id: '00000000-0000-4000-8000-00000000c001',
  name: 'Produce',
  color: '#4caf50',
  groupId,
}

function food(index: number, name: string, overrides: Partial<IngredientFood> = {}): IngredientFood {
  return makeFood(name, { id: `00000000-0000-4000-8000-0000000f${String(index).padStart(4, '0')}`, ...overrides })
}

const apple = food(1, 'apple', {
  pluralName: 'apples',
  labelId: produce.id,
  label: produce,
  extras: { source: 'seed' },
})
const basil = food(2, 'basil')
const scallion = food(3, 'scallion', { aliases: [{ name: 'spring onion' }] })
const greenOnion = food(4, 'green onion')

function page<Item>(items: Item[], { page = 1, perPage = 25, total = items.length } = {}) {
  return {
    body: {
      page,
      per_page: perPage,
      total,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      items,
      next: null,
      previous: null,
    },
  }
}

/** The list answer: the four foods, said to be 60 in all (three pages of 25); `perPage=-1` gets just the four. */
function foodsList(request: FakeRequest<typeof listFoods>) {
  const perPage = Number(request.search.get('perPage'))
  const items = [apple, basil, scallion, greenOnion]
  return page(items, {
    page: Number(request.search.get('page')),
    perPage: perPage === -1 ? items.length : perPage,
    total: perPage === -1 ? items.length : 60,
  })
}

const lastListQuery = (server: ReturnType<typeof fakeServer>) =>
  Object.fromEntries(server.calls(listFoods).at(-1)!.search.entries())

const forbidden = {
  status: 403 as const,
  body: { detail: { message: 'You may not organize this group’s data.', error: true as const, exception: null } },
}

describe('the foods data table', { timeout: 20_000 }, () => {
  useWideScreen()

  it('asks the list endpoint for the page, sort and search the user picks', async () => {
    const server = fakeServer().answer(listFoods, foodsList)
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)

    await screen.findByRole('table', { name: 'Foods' })
    expect(lastListQuery(server)).toEqual({ page: '1', perPage: '25', orderBy: 'name', orderDirection: 'asc' })

    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(lastListQuery(server)).toMatchObject({ page: '2', orderBy: 'name' }))

    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(lastListQuery(server)).toMatchObject({ page: '1', orderDirection: 'desc' }))
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending')

    await user.click(screen.getByRole('button', { name: /^Plural name/ }))
    await waitFor(() => expect(lastListQuery(server)).toMatchObject({ orderBy: 'plural_name', orderDirection: 'asc' }))

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'onion')
    await waitFor(() =>
      expect(lastListQuery(server)).toEqual({
        page: '1',
        perPage: '25',
        orderBy: 'plural_name',
        orderDirection: 'asc',
        search: 'onion',
      }),
    )
  })

  it('creates a food with its label and aliases, and edits one sending the whole food back', async () => {
    const server = fakeServer()
      .answer(listFoods, foodsList)
      .answer(listLabels, page([produce]))
      .answer(createFood, ({ body }) => ({
        status: 201 as const,
        body: { ...basil, id: greenOnion.id, name: body.name },
      }))
      .answer(updateFood, { body: apple })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    await user.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a food' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' cherry tomato ')
    await user.type(within(dialog).getByRole('textbox', { name: 'Plural name' }), 'cherry tomatoes')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Label' }), 'Produce')
    await user.type(within(dialog).getByRole('combobox', { name: 'Aliases' }), 'tomatino{Enter}')
    await user.click(within(dialog).getByRole('switch', { name: 'On hand in my household' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(server.calls(createFood)).toHaveLength(1))
    expect(server.calls(createFood)[0]!.body).toEqual({
      name: 'cherry tomato',
      pluralName: 'cherry tomatoes',
      description: '',
      extras: {},
      labelId: produce.id,
      aliases: [{ name: 'tomatino' }],
      onHand: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a food' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Edit apple' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit food' })
    const name = within(edit).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Apple')
    await user.click(within(edit).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateFood)).toHaveLength(1))
    expect(server.calls(updateFood)[0]!.params).toEqual({ id: apple.id })
    expect(server.calls(updateFood)[0]!.body).toEqual({
      name: 'Apple',
      pluralName: 'apples',
      description: '',
      extras: { source: 'seed' },
      labelId: produce.id,
      aliases: [],
      onHand: false,
    })
  })

  it('deletes one food after confirmation, and selected foods one request each', async () => {
    const server = fakeServer()
      .answer(listFoods, foodsList)
      .answer(deleteFood, ({ params }) => ({ body: { ...apple, id: params.id ?? apple.id } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    await user.click(screen.getByRole('button', { name: 'Delete basil' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete for good?' })
    expect(confirm).toHaveTextContent('Delete “basil”? This cannot be undone.')
    expect(server.calls(deleteFood)).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.calls(deleteFood).map((call) => call.params.id)).toEqual([basil.id]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('checkbox', { name: 'Select apple' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select scallion' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Selected: 2')
    await user.click(screen.getByRole('button', { name: 'Delete selected' }))
    const bulk = await screen.findByRole('dialog', { name: 'Delete for good?' })
    expect(bulk).toHaveTextContent('Delete these 2 items?')
    await user.click(within(bulk).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(server.calls(deleteFood).map((call) => call.params.id)).toEqual([basil.id, apple.id, scallion.id]),
    )
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument())
  })

  it("shows the server's message when it refuses a save", async () => {
    fakeServer().answer(listFoods, foodsList).answer(listLabels, page([])).answer(createFood, forbidden)
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    await user.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a food' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'saffron')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not organize this group’s data.')
    expect(notificationStore.get().general).toMatchObject({
      open: true,
      color: 'error',
      text: 'You may not organize this group’s data.',
    })
    expect(screen.getByRole('dialog', { name: 'Create a food' })).toBeInTheDocument()
  })

  it('merges one food into another after saying what will happen', async () => {
    const server = fakeServer()
      .answer(listFoods, foodsList)
      .answer(mergeFoods, { body: { message: 'Successfully merged', error: false as const } })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Merge foods', hidden: true }))
    const dialog = await screen.findByRole('dialog', { name: 'Merge foods' })
    const merge = within(dialog).getByRole('button', { name: 'Merge' })
    expect(merge).toBeDisabled()

    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Food to merge away' }), 'scallion')
    // The food that goes cannot also be the one that stays.
    const keep = within(dialog).getByRole('combobox', { name: 'Food to keep' })
    await user.click(keep)
    const keepOptions = await waitFor(() => document.getElementById(keep.getAttribute('aria-controls') ?? '')!)
    expect(within(keepOptions).queryByRole('option', { name: 'scallion', hidden: true })).not.toBeInTheDocument()
    await user.click(within(keepOptions).getByRole('option', { name: 'green onion', hidden: true }))

    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
      'Every ingredient that uses “scallion” will use “green onion” instead, and “scallion” will be deleted.',
    )
    expect(server.calls(mergeFoods)).toHaveLength(0)
    await user.click(merge)
    await waitFor(() => expect(server.calls(mergeFoods)).toHaveLength(1))
    expect(server.calls(mergeFoods)[0]!.body).toEqual({ fromFood: scallion.id, toFood: greenOnion.id })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge foods' })).not.toBeInTheDocument())
  })

  it('starts the merge from the food it is opened on, or from the two selected foods', async () => {
    const server = fakeServer()
      .answer(listFoods, foodsList)
      .answer(mergeFoods, { body: { message: 'Successfully merged', error: false as const } })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    // From a row: that food is the one that goes; focus waits on the one that stays.
    await user.click(screen.getByRole('button', { name: 'Merge “scallion” into another food' }))
    let dialog = await screen.findByRole('dialog', { name: 'Merge foods' })
    const away = within(dialog).getByRole('combobox', { name: 'Food to merge away' })
    await waitFor(() => expect(away).toHaveValue('scallion'))
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Food to keep' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge foods' })).not.toBeInTheDocument())

    // From the selection: the first ticked goes into the second.
    await user.click(screen.getByRole('checkbox', { name: 'Select scallion' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select green onion' }))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Merge' }))
    dialog = await screen.findByRole('dialog', { name: 'Merge foods' })
    await waitFor(() =>
      expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
        'Every ingredient that uses “scallion” will use “green onion” instead',
      ),
    )
    // Both chosen: focus on Merge, not on a select whose list would open over the summary and the buttons.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toHaveFocus())
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }))
    await waitFor(() => expect(server.calls(mergeFoods)).toHaveLength(1))
    expect(server.calls(mergeFoods)[0]!.body).toEqual({ fromFood: scallion.id, toFood: greenOnion.id })
  })

  it("seeds the user's language and says how many foods were new", async () => {
    let seeded = false
    const server = fakeServer()
      .answer(listFoods, (request) => {
        const answer = foodsList(request)
        return { body: { ...answer.body, total: seeded ? 274 : 60 } }
      })
      .answer(seedFoods, () => {
        seeded = true
        return { body: { message: 'Seeding Successful', error: false as const } }
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<FoodsTable />)
    await screen.findByRole('table', { name: 'Foods' })

    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Seed foods', hidden: true }))
    const dialog = await screen.findByRole('dialog', { name: 'Seed foods' })
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('American English')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Language' }), 'Deutsch')
    await user.click(within(dialog).getByRole('button', { name: 'Add them' }))

    expect(await within(dialog).findByTestId('seed-result')).toHaveTextContent(
      'Seeding Successful214 new foods added. Your group now has 274.',
    )
    expect(server.calls(seedFoods).map((call) => call.body)).toEqual([{ locale: 'de-DE' }])
  })
})
