import {
  createRecipeZipToken,
  createTimelineEvent,
  deleteRecipe,
  duplicateRecipe,
  exportRecipe,
  getRecipe,
  listRecipeActions,
  listShoppingLists,
  setRecipeLastMade,
  triggerRecipeAction,
  type GroupRecipeActionOut,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer } from '@/test/fake-server'
import { fixtureId, makeIngredient, makeRecipe } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'
import { recipePageDrawn } from '@/test/recipe-page'
import { makeList, page, summaryOf } from '@/test/shopping-fixtures'

function renderRecipePage(path = '/g/home/r/pancakes') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentLocation />
    </>,
    { path },
  )
}

const ingredientLines = () =>
  within(screen.getByTestId('ingredient-list'))
    .getAllByRole('checkbox')
    .map((box) => box.closest('li')!.querySelector('.recipe-check__text')!.textContent.replace(/\s+/g, ' ').trim())

// The dialog's code is loaded on its first open (a lazy module, transformed on first import in the tests).
const lazyDialog = { timeout: 5000 }

describe('recipe page', { timeout: 20_000 }, () => {
  it('scales every quantity with the servings and resets them', async () => {
    fakeServer().answer(getRecipe, { body: makeRecipe() })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()

    expect(await recipePageDrawn()).toBeInTheDocument()
    expect(ingredientLines()).toEqual(['200 g flour', '1 cup milk', '2 eggs', '1 cup caramel sauce'])
    expect(screen.getByTestId('servings-value')).toHaveTextContent('Servings: 4')

    await user.click(screen.getByRole('button', { name: 'More servings' }))
    await user.click(screen.getByRole('button', { name: 'More servings' }))
    expect(screen.getByTestId('servings-value')).toHaveTextContent('Servings: 6')
    expect(ingredientLines()).toEqual(['300 g flour', '1 ¹/₂ cups milk', '3 eggs', '1 ¹/₂ cups caramel sauce'])
    // The step lists its ingredients scaled too.
    expect(
      within(screen.getAllByRole('list', { name: 'Ingredients for this step' })[0]!).getByText('1 ¹/₂ cups'),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(ingredientLines()[0]).toBe('200 g flour')
  })

  it('converts units to metric and US customary and back', async () => {
    fakeServer().answer(getRecipe, { body: makeRecipe() })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('radio', { name: 'Metric' }))
    expect(ingredientLines()[1]).toMatch(/^2\d\d ml milk$/)
    expect(ingredientLines()[0]).toBe('200 g flour')
    // Temperatures in steps follow the unit system.
    expect(screen.getByText(/at 180 °C/)).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'US' }))
    expect(ingredientLines()[0]).toMatch(/oz flour$/)
    expect(ingredientLines()[1]).toBe('1 cup milk')
    expect(screen.getByText(/at 3\d0 °F/)).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'As written' }))
    expect(ingredientLines()[0]).toBe('200 g flour')
  })

  it('ticks ingredients and steps off, and keeps them for the session', async () => {
    const recipe = makeRecipe()
    fakeServer().answer(getRecipe, { body: recipe })
    const user = userEvent.setup({ delay: null })
    const view = await renderRecipePage()
    await recipePageDrawn()

    const flour = screen.getByRole('checkbox', { name: '200 g flour' })
    await user.click(flour)
    expect(flour).toBeChecked()
    // By keyboard: Space on a focused checkbox.
    screen.getByRole('checkbox', { name: '2 eggs' }).focus()
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: '2 eggs' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Mark step 1 as done' }))
    expect(screen.getByRole('button', { name: 'Step 1 done' })).toHaveAttribute('aria-pressed', 'true')

    view.unmount()
    await renderRecipePage()
    await recipePageDrawn()
    expect(screen.getByRole('checkbox', { name: '200 g flour' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: '1 cup milk' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: '2 eggs' })).toBeChecked()
    // The steps are drawn in a later slice than the first screen.
    expect(await screen.findByRole('button', { name: 'Step 1 done' })).toBeInTheDocument()
    expect(JSON.parse(sessionStorage.getItem(`larder.recipe-progress.${recipe.id}`)!).ingredients).toHaveLength(2)
  })

  it('names the checkbox of a line that is only a sub-recipe after the sub-recipe', async () => {
    const recipe = makeRecipe()
    const subRecipeOnly = makeIngredient({
      referencedRecipe: {
        id: fixtureId(),
        name: 'Pie crust',
        slug: 'pie-crust',
        recipeServings: 1,
        recipeYieldQuantity: 0,
      },
    })
    fakeServer().answer(getRecipe, {
      body: { ...recipe, recipeIngredient: [...recipe.recipeIngredient, subRecipeOnly] },
    })
    await renderRecipePage()
    await recipePageDrawn()

    const list = within(screen.getByTestId('ingredient-list'))
    expect(list.getByRole('checkbox', { name: 'Pie crust' })).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'Pie crust' })).toHaveAttribute('href', '/g/home/r/pie-crust')
    // A line with words of its own keeps them as its name.
    expect(list.getByRole('checkbox', { name: '1 cup caramel sauce' })).toBeInTheDocument()
  })

  it('shows steps with their ingredients, Markdown without raw HTML, nutrition, notes, assets and the source', async () => {
    const recipe = makeRecipe({
      description: 'So **light**. <img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
    })
    fakeServer().answer(getRecipe, { body: recipe })
    await renderRecipePage()
    await recipePageDrawn()
    // The sections below the ingredients come in a later slice than the first screen.
    await screen.findByTestId('step-list')

    expect(screen.getByText('light').tagName).toBe('STRONG')
    expect(document.querySelector('img[onerror]')).toBeNull()
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i)
    // "Batter" titles both an ingredient section and a step section.
    expect(screen.getAllByRole('heading', { name: 'Batter', level: 3 })).toHaveLength(2)
    expect(screen.getByRole('heading', { name: 'Cooking', level: 3 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Caramel sauce/ })).toHaveAttribute('href', '/g/home/r/caramel-sauce')
    expect(within(screen.getByTestId('nutrition')).getByText('320 kcal')).toBeInTheDocument()
    expect(screen.getByText('Use a hot, lightly buttered pan.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Scan of the card/ })).toHaveAttribute(
      'href',
      `/api/media/recipes/${recipe.id}/assets/card.pdf`,
    )
    expect(screen.getByRole('link', { name: 'Breakfast' })).toHaveAttribute('href', '/g/home?tags=breakfast')
    expect(screen.getByRole('link', { name: /example\.com/ })).toHaveAttribute('href', 'https://example.com/pancakes')
    expect(screen.getByText('30 min')).toBeInTheDocument()
  })

  it('hides nutrition and assets when the recipe settings say so', async () => {
    const base = makeRecipe()
    fakeServer().answer(getRecipe, {
      body: { ...base, settings: { ...base.settings, showNutrition: false, showAssets: false } },
    })
    await renderRecipePage()
    await recipePageDrawn()
    expect(screen.queryByTestId('nutrition')).not.toBeInTheDocument()
    expect(screen.queryByTestId('assets')).not.toBeInTheDocument()
  })

  it('deletes only after confirmation, then opens the explorer', async () => {
    const recipe = makeRecipe()
    const server = fakeServer().answer(getRecipe, { body: recipe }).answer(deleteRecipe, { body: recipe })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    expect(await screen.findByText(/will be deleted with its images/, {}, lazyDialog)).toBeInTheDocument()
    expect(server.calls(deleteRecipe)).toHaveLength(0)

    await user.click(await screen.findByTestId('confirm-action'))
    await waitFor(() => expect(server.calls(deleteRecipe).map((call) => call.params.slug)).toEqual(['pancakes']))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/g\/home$/))
  })

  it('keeps the recipe when the deletion is cancelled', async () => {
    const recipe = makeRecipe()
    const server = fakeServer().answer(getRecipe, { body: recipe }).answer(deleteRecipe, { body: recipe })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, lazyDialog))
    await waitFor(() => expect(screen.queryByText(/will be deleted with its images/)).not.toBeInTheDocument())
    expect(server.calls(deleteRecipe)).toHaveLength(0)
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/pancakes')
  })

  it('duplicates the recipe and opens the copy', async () => {
    const recipe = makeRecipe()
    const copy = { ...recipe, id: '00000000-0000-4000-8000-00000000c0b1', name: 'Pancakes (1)', slug: 'pancakes-1' }
    const server = fakeServer()
      .answer(getRecipe, (request) => ({ body: request.params.slug === copy.slug ? copy : recipe }))
      .answer(duplicateRecipe, { body: copy })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/pancakes-1'))
    expect(server.calls(duplicateRecipe).map((call) => call.params.slug)).toEqual(['pancakes'])
    expect(await recipePageDrawn('Pancakes (1)')).toBeInTheDocument()
  })

  it("opens the dialog that adds the recipe's ingredients to a shopping list", async () => {
    fakeServer()
      .answer(getRecipe, { body: makeRecipe() })
      .answer(listShoppingLists, page([summaryOf(makeList([]))]))
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Add to shopping list' }))
    const dialog = await screen.findByRole('dialog', { name: "Add a recipe's ingredients" }, lazyDialog)
    // The household's only list is chosen; every ingredient is ticked.
    expect(await within(dialog).findByRole('button', { name: 'Add 4 ingredients' })).toBeEnabled()
  })

  it('downloads the recipe as Markdown and JSON from the server, and as a zip through a zip token', async () => {
    const server = fakeServer()
      .answer(getRecipe, { body: makeRecipe() })
      .answer(exportRecipe, { body: null })
      .answer(createRecipeZipToken, { body: { token: 'zip-token' } })
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
      if (!this.href.startsWith('blob:')) saved.push(this.href.replace(/^https?:\/\/[^/]+/, ''))
    })
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    for (const label of ['Download as Markdown', 'Download as JSON', 'Download as zip (with the picture)']) {
      await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
      await user.click(await screen.findByRole('menuitem', { name: label }))
      await waitFor(() => expect(click).toHaveBeenCalledTimes(saved.filter((item) => !item.startsWith('/')).length))
    }
    await waitFor(() => expect(saved).toHaveLength(4))
    expect(server.calls(exportRecipe).map((call) => call.search.get('template_name'))).toEqual(['recipes.md', 'raw'])
    expect(server.calls(createRecipeZipToken).map((call) => call.params.slug)).toEqual(['pancakes'])
    expect(saved).toEqual([
      'pancakes.md',
      'pancakes.json',
      'pancakes.zip',
      '/api/recipes/pancakes/exports/zip?token=zip-token',
    ])
    click.mockRestore()
  })

  it('records "made it" with the time now', async () => {
    const recipe = makeRecipe()
    const server = fakeServer()
      .answer(getRecipe, { body: recipe })
      .answer(setRecipeLastMade, { body: { ...recipe, lastMade: '2026-11-24T10:00:00Z' } })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'I made it' }))
    server.answer(createTimelineEvent, {
      status: 403,
      body: { detail: { message: 'No', error: true, exception: null } },
    })
    await user.click(await screen.findByRole('button', { name: 'Save' }, lazyDialog))
    await waitFor(() => expect(server.calls(setRecipeLastMade)).toHaveLength(1))
    const sent = Date.parse(server.calls(setRecipeLastMade)[0]!.body.timestamp)
    expect(sent).toBeGreaterThanOrEqual(before - 1000)
    expect(sent).toBeLessThanOrEqual(Date.now())
  })

  it("offers the household's recipe actions: a link opens with the recipe filled in, a post is sent and its outcome shown", async () => {
    const household = { groupId: fixtureId(), householdId: fixtureId() }
    const postId = fixtureId()
    const actions: GroupRecipeActionOut[] = [
      {
        id: fixtureId(),
        actionType: 'link',
        title: 'Print card',
        url: 'https://print.example/${slug}?id=${id}',
        ...household,
      },
      { id: postId, actionType: 'post', title: 'Send to printer', url: 'https://print.example/in', ...household },
    ]
    const recipe = makeRecipe()
    const server = fakeServer()
      .answer(getRecipe, { body: recipe })
      .answer(listRecipeActions, page(actions))
      .answer(triggerRecipeAction, { status: 202, body: null })
    const opened = vi.spyOn(window, 'open').mockReturnValue(null)
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()
    await recipePageDrawn()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Print card' }))
    expect(opened).toHaveBeenCalledWith(
      `https://print.example/${recipe.slug}?id=${recipe.id}`,
      '_blank',
      'noopener,noreferrer',
    )
    expect(server.calls(triggerRecipeAction)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Send to printer' }))
    await waitFor(() => expect(server.calls(triggerRecipeAction)).toHaveLength(1))
    expect(server.calls(triggerRecipeAction)[0]!.path).toBe(
      `/api/households/recipe-actions/${postId}/trigger/${recipe.slug}`,
    )
    await waitFor(() =>
      expect(notificationStore.get().general).toMatchObject({
        text: 'Send to printer: the recipe was sent',
        color: 'success',
      }),
    )

    server.answer(triggerRecipeAction, {
      status: 404,
      body: { detail: { message: 'Not found.', error: true, exception: null } },
    })
    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Send to printer' }))
    await waitFor(() =>
      expect(notificationStore.get().general).toMatchObject({
        text: 'Send to printer: something went wrong',
        color: 'error',
      }),
    )
    opened.mockRestore()
    notificationStore.close()
  })

  it('shows the not-found page for an unknown recipe', async () => {
    fakeServer().answer(getRecipe, {
      status: 404,
      body: { detail: { message: 'Recipe not found', error: true, exception: null } },
    })
    await renderRecipePage('/g/home/r/nope')
    expect(await screen.findByTestId('error-message')).toHaveTextContent('/g/home/r/nope')
  })
})
