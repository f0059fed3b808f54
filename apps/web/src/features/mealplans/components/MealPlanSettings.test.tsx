import {
  createMealplanRule,
  getMealplanCalendar,
  getMealplanSettings,
  listMealplanRules,
  resetMealplanCalendar,
  tagEndpoints,
  updateMealplanRule,
  updateMealplanSettings,
  type PlanRulesOut,
} from '@larder/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { renderWithApp } from '@/test/render'
import { MealPlanSettingsPanels } from './MealPlanSettings'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const quick = { id: '00000000-0000-4000-8000-00000000f001', name: 'Quick', slug: 'quick' }

const settings = {
  timeZone: 'Europe/Berlin',
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

function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

function rule(extra: Partial<PlanRulesOut> = {}): PlanRulesOut {
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    groupId,
    householdId,
    name: 'Fish on Fridays',
    day: 'friday',
    entryType: 'dinner',
    days: ['friday'],
    entryTypes: ['dinner'],
    queryFilterString: `tags.id IN ["${quick.id}"]`,
    queryFilter: {
      parts: [
        {
          leftParenthesis: null,
          rightParenthesis: null,
          logicalOperator: null,
          attributeName: 'tags.id',
          relationalOperator: 'IN',
          value: [quick.id],
        },
      ],
    },
    atMostPerWeek: null,
    atLeastPerWeek: 1,
    ...extra,
  }
}

function settingsServer(rules: PlanRulesOut[]) {
  return fakeServer()
    .answer(listMealplanRules, page(rules))
    .answer(getMealplanSettings, { body: settings })
    .answer(getMealplanCalendar, {
      body: { token: 'old', url: 'http://larder.test/api/households/mealplans/calendar/old.ics' },
    })
    .answer(tagEndpoints.list, page([quick]))
}

describe('the meal plan settings', { timeout: 30_000 }, () => {
  it('says so when there are no rules, and creates one with its days, meal types and limits', async () => {
    const server = settingsServer([]).answer(createMealplanRule, ({ body }) => ({
      body: rule({ name: body.name ?? '', days: body.days ?? [], entryTypes: body.entryTypes ?? [] }),
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MealPlanSettingsPanels />)

    expect(await screen.findByTestId('empty-note')).toHaveTextContent('No rules yet')
    await user.click(screen.getByRole('button', { name: 'New rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'New rule' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Quick weeknights')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Days' }), 'Tuesday')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Days' }), 'Monday')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Meal types' }), 'Dinner')
    const atMost = within(dialog).getByRole('textbox', { name: /At most per week/ })
    await user.type(atMost, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(createMealplanRule)).toHaveLength(1))
    expect(server.calls(createMealplanRule)[0]!.body).toEqual({
      name: 'Quick weeknights',
      day: 'unset',
      entryType: 'unset',
      days: ['monday', 'tuesday'],
      entryTypes: ['dinner'],
      queryFilterString: '',
      atMostPerWeek: 2,
      atLeastPerWeek: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule' })).not.toBeInTheDocument())
  })

  it('lists a rule in words and saves it edited, its filter kept from the builder', async () => {
    const server = settingsServer([rule()]).answer(updateMealplanRule, ({ body }) => ({
      body: rule({ name: body.name ?? '' }),
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MealPlanSettingsPanels />)

    const listed = await screen.findByTestId('plan-rule')
    expect(listed).toHaveTextContent('Fish on Fridays')
    expect(listed).toHaveTextContent('Friday · Dinner · at least 1 a week')
    await user.click(within(listed).getByRole('button', { name: 'Edit rule: Fish on Fridays' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' })
    expect(within(dialog).getByTestId('filter-string')).toHaveTextContent(`tags.id IN ["${quick.id}"]`)
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Fish, Fridays')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateMealplanRule)).toHaveLength(1))
    expect(server.calls(updateMealplanRule)[0]!.params).toEqual({ id: rule().id })
    expect(server.calls(updateMealplanRule)[0]!.body).toMatchObject({
      name: 'Fish, Fridays',
      days: ['friday'],
      entryTypes: ['dinner'],
      queryFilterString: `tags.id IN ["${quick.id}"]`,
      atLeastPerWeek: 1,
      atMostPerWeek: null,
    })
  })

  it('keeps a rule whose at least is above its at most from being saved', async () => {
    const server = settingsServer([])
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MealPlanSettingsPanels />)
    await user.click(await screen.findByRole('button', { name: 'New rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'New rule' })
    await user.type(within(dialog).getByRole('textbox', { name: /At most per week/ }), '1')
    await user.type(within(dialog).getByRole('textbox', { name: /At least per week/ }), '3')
    expect(within(dialog).getByText('At least cannot be more than at most')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(server.calls(createMealplanRule)).toHaveLength(0)
  })

  it('saves the no-repeat window and a meal time', async () => {
    const server = settingsServer([]).answer(updateMealplanSettings, ({ body }) => ({
      body: { ...settings, ...body, mealTimes: { ...settings.mealTimes, ...body.mealTimes } },
    }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MealPlanSettingsPanels />)

    const window = await screen.findByRole('textbox', { name: /No-repeat window/ })
    await user.clear(window)
    await user.type(window, '21')
    fireEvent.change(screen.getByLabelText('Dinner'), { target: { value: '18:30' } })
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(updateMealplanSettings)).toHaveLength(1))
    expect(server.calls(updateMealplanSettings)[0]!.body).toEqual({
      noRepeatDays: 21,
      timeZone: 'Europe/Berlin',
      mealTimes: { ...settings.mealTimes, dinner: '18:30' },
    })
  })

  it('shows the calendar address and gives it a new one after confirming', async () => {
    const server = settingsServer([]).answer(resetMealplanCalendar, {
      body: { token: 'new', url: 'http://larder.test/api/households/mealplans/calendar/new.ics' },
    })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MealPlanSettingsPanels />)

    expect(await screen.findByTestId('calendar-url')).toHaveValue(
      'http://larder.test/api/households/mealplans/calendar/old.ics',
    )
    await user.click(screen.getByRole('button', { name: 'Reset address' }))
    expect(server.calls(resetMealplanCalendar)).toHaveLength(0)
    const confirm = await screen.findByRole('dialog', { name: 'Reset the calendar address?' })
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }))

    await waitFor(() =>
      expect(screen.getByTestId('calendar-url')).toHaveValue(
        'http://larder.test/api/households/mealplans/calendar/new.ics',
      ),
    )
    expect(server.calls(resetMealplanCalendar)).toHaveLength(1)
  })
})
