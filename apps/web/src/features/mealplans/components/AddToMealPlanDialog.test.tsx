import { createMealplan, getMealplanSettings, getRecipe } from '@larder/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { fakeServer } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { makeRecipe } from '@/test/recipe-fixtures'
import { recipePageDrawn } from '@/test/recipe-page'
import { renderWithApp } from '@/test/render'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const userId = '00000000-0000-4000-8000-000000000000'

function planServer(recipe: ReturnType<typeof makeRecipe>) {
  return fakeServer()
    .answer(getRecipe, { body: recipe })
    .answer(getMealplanSettings, {
      body: {
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
      },
    })
    .answer(createMealplan, ({ body }) => ({
      body: {
        id: 1,
        date: body.date,
        entryType: body.entryType ?? 'breakfast',
        title: '',
        text: '',
        recipeId: recipe.id,
        groupId,
        userId,
        householdId,
        recipe: null,
        locked: false,
        servings: body.servings ?? null,
      },
    }))
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await renderWithApp(
    <Routes>
      <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
    </Routes>,
    { path: '/g/home/r/pancakes' },
  )
  await recipePageDrawn()
  await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Add to meal plan' }))
  return screen.findByRole('dialog', { name: 'Add Pancakes to the meal plan' }, { timeout: 5000 })
}

describe("the recipe page's “Add to meal plan”", { timeout: 20_000 }, () => {
  it('plans the recipe for the picked day and meal type, for the recipe’s own servings when none are given', async () => {
    const recipe = makeRecipe()
    const server = planServer(recipe)
    const user = userEvent.setup({ delay: null })
    const dialog = await openDialog(user)
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-01-09' } })
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Meal type' }), 'Lunch')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-09',
      entryType: 'lunch',
      recipeId: recipe.id,
      servings: null,
    })
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Pancakes to the meal plan' })).not.toBeInTheDocument(),
    )
  })

  it('plans the meal for the servings typed, which "Shop for these days" scales the recipe to', async () => {
    const recipe = makeRecipe()
    const server = planServer(recipe)
    const user = userEvent.setup({ delay: null })
    const dialog = await openDialog(user)
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-01-09' } })
    await user.type(within(dialog).getByRole('textbox', { name: /Servings/ }), '6')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toMatchObject({ date: '2030-01-09', servings: 6 })
  })

  it('refuses servings of 0, which the server would refuse: says why and sends nothing', async () => {
    const recipe = makeRecipe()
    const server = planServer(recipe)
    const user = userEvent.setup({ delay: null })
    const dialog = await openDialog(user)
    await user.type(within(dialog).getByRole('textbox', { name: /Servings/ }), '0')

    expect(await within(dialog).findByText('Enter a number above 0, at most 10000')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(server.calls(createMealplan)).toHaveLength(0)
  })
})
