import {
  createMealplan,
  deleteMealplan,
  fillMealplans,
  getHouseholdPreferences,
  getMealplanSettings,
  listMealplans,
  listRecipes,
  listShoppingLists,
  previewMealPlanOnShoppingList,
  suggestMealplan,
  updateMealplan,
  type PlanRulesOut,
  type ReadHouseholdPreferences,
  type ReadPlanEntry,
} from '@larder/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotificationBridge } from '@/notifications/NotificationBridge'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { useWideScreen } from '@/test/wide-screen'
import { isKeptKey } from '@/api/offline'
import { mealplansOffline } from '@/features/mealplans/offline'
import { addDays, todayIn, weekStartOf } from '@/features/mealplans/week'
import { WeekPlanner } from './WeekPlanner'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const userId = '00000000-0000-4000-8000-000000000000'

function preferences(firstDayOfWeek: number): ReadHouseholdPreferences {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    privateHousehold: false,
    lockRecipeEditsFromOtherHouseholds: false,
    firstDayOfWeek,
    recipePublic: true,
    recipeShowNutrition: false,
    recipeShowAssets: false,
    recipeLandscapeView: false,
    recipeDisableComments: false,
    recipeDisableAmount: true,
  }
}

const settings = {
  timeZone: 'UTC',
  noRepeatDays: 14,
  mealTimes: {
    breakfast: '08:00',
    lunch: '12:30',
    dinner: '19:00',
    side: '19:00',
    snack: '16:00',
    drink: '19:00',
    dessert: '20:00',
  },
}

const pasta = makeSummary({ id: '00000000-0000-4000-8000-00000000d001', name: 'Pasta', slug: 'pasta' })
const curry = makeSummary({ id: '00000000-0000-4000-8000-00000000d002', name: 'Curry', slug: 'curry' })
const soup = makeSummary({ id: '00000000-0000-4000-8000-00000000d003', name: 'Soup', slug: 'soup' })

function entry(id: number, date: string, extra: Partial<ReadPlanEntry> = {}): ReadPlanEntry {
  return {
    id,
    date,
    entryType: 'dinner',
    title: '',
    text: '',
    recipeId: null,
    groupId,
    userId,
    householdId,
    recipe: null,
    locked: false,
    servings: null,
    ...extra,
  }
}

const planned = (recipe: typeof pasta, id: number, date: string, extra: Partial<ReadPlanEntry> = {}) =>
  entry(id, date, { recipeId: recipe.id, recipe, ...extra })

function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

function rule(name: string): PlanRulesOut {
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    groupId,
    householdId,
    name,
    day: 'unset',
    entryType: 'dinner',
    days: [],
    entryTypes: ['dinner'],
    queryFilterString: 'tags.name IN ["Quick"]',
    queryFilter: { parts: [] },
    atMostPerWeek: null,
    atLeastPerWeek: null,
  }
}

/** The planner's server: preferences, settings and the week's entries. */
function planner(firstDayOfWeek: number, entries: ReadPlanEntry[] = []) {
  return fakeServer()
    .answer(getHouseholdPreferences, { body: preferences(firstDayOfWeek) })
    .answer(getMealplanSettings, { body: settings })
    .answer(listMealplans, ({ search }) =>
      page(
        entries.filter(
          (item) => item.date >= (search.get('start_date') ?? '') && item.date <= (search.get('end_date') ?? ''),
        ),
      ),
    )
    .answer(listRecipes, page([pasta, curry, soup]))
}

const dayHeadings = () => screen.getAllByTestId('day-heading').map((heading) => heading.textContent)

afterEach(() => {
  vi.restoreAllMocks()
  act(() => notificationStore.close())
})

describe('the week planner on a wide screen', { timeout: 30_000 }, () => {
  useWideScreen()

  it("starts the week on the household's first day, asks for its seven days and shows only the meal types planned", async () => {
    const server = planner(1, [
      planned(pasta, 1, '2030-01-08'),
      entry(2, '2030-01-13', { entryType: 'lunch', title: 'Leftovers', text: 'From the freezer' }),
    ])
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="view" groupSlug="home" />, { path: '/?week=2030-01-09' })

    expect(await screen.findByRole('link', { name: 'Pasta' })).toHaveAttribute('href', '/g/home/r/pasta')
    expect(dayHeadings()).toEqual([
      'Mon, Jan 7',
      'Tue, Jan 8',
      'Wed, Jan 9',
      'Thu, Jan 10',
      'Fri, Jan 11',
      'Sat, Jan 12',
      'Sun, Jan 13',
    ])
    const asked = server.calls(listMealplans).at(-1)!.search
    expect([asked.get('start_date'), asked.get('end_date')]).toEqual(['2030-01-07', '2030-01-13'])
    const grid = screen.getByTestId('week-grid')
    expect(within(grid).getByText('Lunch')).toBeInTheDocument()
    expect(within(grid).getByText('Dinner')).toBeInTheDocument()
    expect(within(grid).queryByText('Breakfast')).not.toBeInTheDocument()
    expect(within(screen.getByTestId('slot-2030-01-13-lunch')).getByText('From the freezer')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(server.calls(listMealplans).at(-1)!.search.get('start_date')).toBe('2030-01-14'))
    expect(await screen.findByTestId('week-empty')).toHaveTextContent('Nothing is planned this week.')
  })

  it('starts on Sunday when the household says so', async () => {
    const server = planner(0, [planned(pasta, 1, '2030-01-08')])
    await renderWithApp(<WeekPlanner mode="view" groupSlug="home" />, { path: '/?week=2030-01-09' })
    await screen.findByRole('link', { name: 'Pasta' })
    expect(dayHeadings()[0]).toBe('Sun, Jan 6')
    expect(dayHeadings()[6]).toBe('Sat, Jan 12')
    expect(server.calls(listMealplans).at(-1)!.search.get('end_date')).toBe('2030-01-12')
  })

  it('adds a note to a day and meal type', async () => {
    const server = planner(1).answer(createMealplan, ({ body }) => ({
      body: entry(9, body.date, { entryType: body.entryType ?? 'breakfast', title: body.title ?? '' }),
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Add to Dinner on Wednesday, January 9, 2030' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a meal' })
    await user.click(within(dialog).getByRole('radio', { name: 'Note' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(within(dialog).getByText('Give the note a title')).toBeInTheDocument()
    expect(server.calls(createMealplan)).toHaveLength(0)

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Eat out')
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Table at 8')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-09',
      entryType: 'dinner',
      title: 'Eat out',
      text: 'Table at 8',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a meal' })).not.toBeInTheDocument())
  })

  it('adds a recipe found by search', async () => {
    const server = planner(1)
      .answer(listRecipes, ({ search }) =>
        page([pasta, curry, soup].filter((recipe) => recipe.name.toLowerCase().includes(search.get('search') ?? ''))),
      )
      .answer(createMealplan, ({ body }) => ({ body: planned(curry, 9, body.date) }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Add to Lunch on Monday, January 7, 2030' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a meal' })
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.type(within(dialog).getByRole('combobox', { name: 'Recipe' }), 'cur')
    await waitFor(() => expect(server.calls(listRecipes).at(-1)!.search.get('search')).toBe('cur'))
    await user.click(await screen.findByRole('option', { name: 'Curry', hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    // Servings left empty: the recipe's own.
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-07',
      entryType: 'lunch',
      recipeId: curry.id,
      servings: null,
    })
  })

  it('plans a recipe for the servings typed, refusing servings of none', async () => {
    const server = planner(1).answer(createMealplan, ({ body }) => ({
      body: planned(curry, 9, body.date, { servings: body.servings ?? null }),
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Add to Dinner on Monday, January 7, 2030' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a meal' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Recipe' }))
    await user.click(await screen.findByRole('option', { name: 'Curry', hidden: true }))
    const servings = within(dialog).getByRole('textbox', { name: /Servings/ })
    expect(servings).toHaveAttribute('placeholder', 'The recipe’s own')
    await user.type(servings, '0')
    expect(await within(dialog).findByText('Enter a number above 0, at most 10000')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.clear(servings)
    await user.type(servings, '8')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toMatchObject({ recipeId: curry.id, servings: 8 })
  })

  it('fills the week and lists the slots left empty with their reasons', async () => {
    const server = planner(1).answer(fillMealplans, ({ body }) => ({
      body: {
        created: [planned(pasta, 1, body.startDate)],
        kept: [],
        empty: [
          { date: '2030-01-11', entryType: 'dinner' as const, reason: 'The rule “Fish on Fridays” leaves no recipe' },
        ],
      },
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Fill the week' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fill the week' })
    await user.click(within(dialog).getByRole('switch', { name: 'Replace meals that are not locked' }))
    await user.click(within(dialog).getByRole('button', { name: 'Fill' }))

    const result = await within(dialog).findByTestId('fill-result')
    expect(server.calls(fillMealplans)[0]!.body).toEqual({
      startDate: '2030-01-07',
      endDate: '2030-01-13',
      entryTypes: ['dinner'],
      replaceUnlocked: true,
    })
    expect(result).toHaveTextContent('Planned 1 meal.')
    expect(result).toHaveTextContent('Dinner on Fri, Jan 11: The rule “Fish on Fridays” leaves no recipe')
  })

  it('suggests by the rules, tries another without the last one, and plans the accepted one', async () => {
    const server = planner(1)
      .answer(suggestMealplan, ({ body }) => ({
        body: {
          date: body.date,
          entryType: body.entryType ?? 'dinner',
          recipe: (body.exclude ?? []).includes(curry.id) ? soup : curry,
          rule: rule('Quick dinners'),
        },
      }))
      .answer(createMealplan, ({ body }) => ({ body: planned(soup, 9, body.date) }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Add to Dinner on Thursday, January 10, 2030' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a meal' })
    await user.click(within(dialog).getByRole('radio', { name: 'Suggest by rules' }))
    const suggestion = await within(dialog).findByTestId('suggestion')
    expect(suggestion).toHaveTextContent('Curry')
    expect(suggestion).toHaveTextContent('Picked by the rule “Quick dinners”')
    expect(server.calls(suggestMealplan)[0]!.body).toEqual({ date: '2030-01-10', entryType: 'dinner', exclude: [] })

    await user.click(within(dialog).getByRole('button', { name: 'Try another' }))
    await waitFor(() => expect(within(dialog).getByTestId('suggestion')).toHaveTextContent('Soup'))
    expect(server.calls(suggestMealplan)[1]!.body.exclude).toEqual([curry.id])

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-10',
      entryType: 'dinner',
      recipeId: soup.id,
      servings: null,
    })
  })

  it("shows the server's reason, naming the rule, when the rules leave nothing", async () => {
    const message = 'The rule “Fish on Fridays” leaves no recipe for dinner on 2030-01-11'
    const server = planner(1).answer(suggestMealplan, {
      status: 404,
      body: { detail: { message, error: true, exception: null } },
    })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Add to Dinner on Friday, January 11, 2030' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a meal' })
    await user.click(within(dialog).getByRole('radio', { name: 'Suggest by rules' }))
    expect(await within(dialog).findByTestId('suggestion-error')).toHaveTextContent(message)
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled()
    expect(server.calls(suggestMealplan)).toHaveLength(1)
  })

  it('deletes a meal at once and plans it again from the notification’s Undo', async () => {
    const meal = planned(pasta, 4, '2030-01-08', { locked: true, servings: 6 })
    let entries = [meal]
    const server = fakeServer()
      .answer(getHouseholdPreferences, { body: preferences(1) })
      .answer(getMealplanSettings, { body: settings })
      .answer(listMealplans, () => page(entries))
      .answer(deleteMealplan, () => {
        entries = []
        return { body: meal }
      })
      .answer(createMealplan, () => {
        entries = [{ ...meal, id: 5 }]
        return { body: entries[0]! }
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(
      <>
        <NotificationBridge />
        <WeekPlanner mode="edit" groupSlug="home" />
      </>,
      { path: '/?week=2030-01-09' },
    )

    await user.click(await screen.findByRole('button', { name: 'Actions for Pasta' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pasta' })).not.toBeInTheDocument())
    expect(server.calls(deleteMealplan)[0]!.params).toEqual({ id: '4' })

    await user.click(await screen.findByRole('button', { name: 'Undo' }, { timeout: 5000 }))
    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-08',
      entryType: 'dinner',
      title: '',
      text: '',
      recipeId: pasta.id,
      locked: true,
      servings: 6,
    })
    expect(await screen.findByRole('link', { name: 'Pasta' })).toBeInTheDocument()
  })

  it('moves a meal with the keyboard: Space, arrows, Space', async () => {
    layOutSlots()
    const server = planner(1, [planned(pasta, 1, '2030-01-08')]).answer(updateMealplan, ({ body }) => ({
      body: planned(pasta, 1, body.date, { entryType: body.entryType ?? 'dinner' }),
    }))
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    const handle = await screen.findByRole('button', { name: 'Drag Pasta' })
    handle.focus()
    await pressOn(handle, 'Space')
    await pressOn(handle, 'ArrowRight')
    await pressOn(handle, 'ArrowUp')
    await pressOn(handle, 'Space')

    await waitFor(() => expect(server.calls(updateMealplan)).toHaveLength(1))
    expect(server.calls(updateMealplan)[0]!.body).toMatchObject({
      id: 1,
      date: '2030-01-09',
      entryType: 'lunch',
      recipeId: pasta.id,
    })
    expect(server.calls(updateMealplan)[0]!.params).toEqual({ id: '1' })
  })

  it('locks a meal so that “Fill the week” keeps it, and shows it locked at once', async () => {
    let meal = planned(pasta, 1, '2030-01-08')
    const server = planner(1)
      .answer(listMealplans, () => page([meal]))
      .answer(updateMealplan, ({ body }) => {
        meal = { ...meal, locked: body.locked ?? false }
        return { body: meal }
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Actions for Pasta' }))
    expect(screen.queryByLabelText('Locked: “Fill the week” keeps it')).not.toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Lock' }))
    expect(await screen.findAllByLabelText('Locked: “Fill the week” keeps it')).not.toHaveLength(0)
    await waitFor(() => expect(server.calls(updateMealplan)).toHaveLength(1))
    expect(server.calls(updateMealplan)[0]!.body).toMatchObject({ id: 1, date: '2030-01-08', locked: true })
  })

  it('moves a meal with the Edit… dialog', async () => {
    const server = planner(1, [planned(pasta, 1, '2030-01-08')]).answer(updateMealplan, ({ body }) => ({
      body: planned(pasta, 1, body.date, { entryType: body.entryType ?? 'dinner' }),
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Actions for Pasta' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pasta' })
    const date = within(dialog).getByLabelText(/Date/)
    fireEvent.change(date, { target: { value: '2030-01-12' } })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateMealplan)).toHaveLength(1))
    expect(server.calls(updateMealplan)[0]!.body).toMatchObject({
      date: '2030-01-12',
      entryType: 'dinner',
      servings: null,
    })
  })

  it('shows a meal’s servings on its card and changes them with the Edit… dialog', async () => {
    const server = planner(1, [planned(pasta, 1, '2030-01-08', { servings: 8 })]).answer(
      updateMealplan,
      ({ body }) => ({ body: planned(pasta, 1, body.date, { servings: body.servings ?? null }) }),
    )
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, { path: '/?week=2030-01-09' })

    expect(await screen.findByText('for 8')).toBeVisible()
    await user.click(await screen.findByRole('button', { name: 'Actions for Pasta' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pasta' })
    const servings = within(dialog).getByRole('textbox', { name: /Servings/ })
    expect(servings).toHaveValue('8')
    await user.clear(servings)
    await user.type(servings, '2.5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateMealplan)).toHaveLength(1))
    expect(server.calls(updateMealplan)[0]!.body).toMatchObject({ id: 1, date: '2030-01-08', servings: 2.5 })
    // Emptied, the meal is for the recipe's own servings again.
    await user.click(await screen.findByRole('button', { name: 'Actions for Pasta' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }))
    const again = await screen.findByRole('dialog', { name: 'Edit Pasta' })
    await user.clear(within(again).getByRole('textbox', { name: /Servings/ }))
    await user.click(within(again).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateMealplan)).toHaveLength(2))
    expect(server.calls(updateMealplan)[1]!.body).toMatchObject({ servings: null })
  })
})

describe('the week planner on a phone', { timeout: 30_000 }, () => {
  it("lists the days one under the other and marks today's", async () => {
    planner(1, [planned(pasta, 1, todayIn('UTC'))])
    await renderWithApp(<WeekPlanner mode="view" groupSlug="home" />)

    expect(await screen.findByRole('link', { name: 'Pasta' })).toBeInTheDocument()
    expect(screen.getByTestId('day-list')).toBeInTheDocument()
    expect(screen.queryByTestId('week-grid')).not.toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(7)
    const today = document.querySelector('[aria-current="date"]')
    expect(today).toHaveTextContent('Today')
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled()
  })
})

describe('shop for these days from the planner', { timeout: 30_000 }, () => {
  it.each(['view', 'edit'] as const)('opens on the week shown, in %s mode', async (mode) => {
    const list = {
      id: '00000000-0000-4000-8000-00000000c001',
      name: 'Weekly shop',
      extras: {},
      createdAt: '2026-12-01T10:00:00Z',
      updatedAt: '2026-12-01T10:00:00Z',
      groupId,
      userId,
      householdId,
      recipeReferences: [],
      labelSettings: [],
      version: 1,
    }
    const server = planner(1, [planned(pasta, 1, '2030-01-08')])
      .answer(listShoppingLists, page([list]))
      .answer(previewMealPlanOnShoppingList, {
        body: { shoppingListId: list.id, startDate: '2030-01-07', endDate: '2030-01-13', lines: [], entriesOnList: [] },
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode={mode} groupSlug="home" />, { path: '/?week=2030-01-09' })

    await user.click(await screen.findByRole('button', { name: 'Shop for these days' }))
    const dialog = await screen.findByRole('dialog', { name: 'Shop for these days' })
    expect(within(dialog).getByLabelText('From')).toHaveValue('2030-01-07')
    expect(within(dialog).getByLabelText('To')).toHaveValue('2030-01-13')
    await waitFor(() => expect(server.calls(previewMealPlanOnShoppingList)).toHaveLength(1))
    expect(server.calls(previewMealPlanOnShoppingList)[0]!.body).toEqual({
      startDate: '2030-01-07',
      endDate: '2030-01-13',
    })
  })
})

/** Slots stand in a grid, 200 px per day and 100 px per meal type: dnd-kit measures them (jsdom lays nothing out). */
function layOutSlots() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const slot = this.closest('[data-slot-column]')
    const column = slot ? Number(slot.getAttribute('data-slot-column')) : 0
    const row = slot ? Number(slot.getAttribute('data-slot-row')) : 0
    const left = column * 200
    const top = row * 100
    return {
      x: left,
      y: top,
      top,
      left,
      right: left + 180,
      bottom: top + 90,
      width: 180,
      height: 90,
      toJSON: () => ({}),
    }
  })
}

/** One key press as dnd-kit's keyboard sensor reads it (by `code`), then a pause for its timers and measuring. */
async function pressOn(element: Element, code: string) {
  await act(async () => {
    fireEvent.keyDown(element, { key: code === 'Space' ? ' ' : code, code })
    await new Promise((resolve) => setTimeout(resolve, 30))
  })
}

describe('the week planner offline', { timeout: 30_000 }, () => {
  useWideScreen()
  afterEach(() => onlineManager.setOnline(true))

  it('opens this week and next from what the device kept, read-only, and says so', async () => {
    const monday = weekStartOf(todayIn('UTC'), 1)
    const server = planner(1, [
      planned(pasta, 1, monday),
      planned(curry, 2, addDays(monday, 8)),
      planned(soup, 3, addDays(monday, 14)),
    ])
    // Online, the signed-in shell keeps the plan on the device (OfflineScope: warm, then the kept roots saved).
    const device = new QueryClient()
    await mealplansOffline.warm(device)
    const kept = dehydrate(device, {
      shouldDehydrateQuery: (query) => isKeptKey(mealplansOffline.roots, query.queryKey),
    })
    const asked = server.calls(listMealplans).length
    expect(asked).toBe(2)

    // The app opened again with no network: the kept answers are put back, and nothing is asked of the server.
    onlineManager.setOnline(false)
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WeekPlanner mode="edit" groupSlug="home" />, {
      staleTime: 30_000,
      beforeRestore: (queryClient) => hydrate(queryClient, kept),
    })
    expect(await screen.findByRole('link', { name: 'Pasta' })).toBeInTheDocument()
    expect(screen.getByTestId('planner-offline')).toHaveTextContent('Offline: the plan as kept on this device')
    // Read-only: no adding, filling or dragging; shopping for the days needs the server.
    expect(screen.queryByRole('button', { name: /^Add to / })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Fill the week' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Shop for these days' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    expect(await screen.findByRole('link', { name: 'Curry' })).toBeInTheDocument()
    expect(server.calls(listMealplans)).toHaveLength(asked)

    // Back online, the planner is the editing one again.
    act(() => onlineManager.setOnline(true))
    expect(await screen.findAllByRole('button', { name: /^Add to / })).not.toHaveLength(0)
    expect(screen.queryByTestId('planner-offline')).not.toBeInTheDocument()
  })
})
