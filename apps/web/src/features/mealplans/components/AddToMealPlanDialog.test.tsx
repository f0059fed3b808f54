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

describe("the recipe page's “Add to meal plan”", { timeout: 20_000 }, () => {
  it('plans the recipe for the picked day and meal type', async () => {
    const recipe = makeRecipe()
    const server = fakeServer()
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
          servings: null,
        },
      }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(
      <Routes>
        <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
      </Routes>,
      { path: '/g/home/r/pancakes' },
    )
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Add to meal plan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Pancakes to the meal plan' }, { timeout: 5000 })
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-01-09' } })
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Meal type' }), 'Lunch')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(server.calls(createMealplan)).toHaveLength(1))
    expect(server.calls(createMealplan)[0]!.body).toEqual({
      date: '2030-01-09',
      entryType: 'lunch',
      recipeId: recipe.id,
    })
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Pancakes to the meal plan' })).not.toBeInTheDocument(),
    )
  })
})
