import { addRecipeToShoppingList, getRecipe, listRecipes, listShoppingLists } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { makeRecipe, makeSummary } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { makeList, page, summaryOf } from '@/test/shopping-fixtures'
import { AddRecipeDialog } from './AddRecipeDialog'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("adding a recipe's ingredients to a list", { timeout: 30_000 }, () => {
  it('from the recipe page: picks a list, leaves out an unticked ingredient and sends the scale', async () => {
    const recipe = makeRecipe()
    const weekly = makeList([])
    const party = makeList([], { id: '00000000-0000-4000-8000-00000000c002', name: 'Party' })
    const server = fakeServer()
      .answer(listShoppingLists, page([summaryOf(weekly), summaryOf(party)]))
      .answer(addRecipeToShoppingList, { body: party })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<AddRecipeDialog opened onClose={() => undefined} recipe={recipe} />)
    const dialog = await screen.findByRole('dialog', { name: "Add a recipe's ingredients" })

    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Shopping list' }), 'Party')
    const [flour, , eggs, sauce] = recipe.recipeIngredient
    const boxes = within(dialog).getAllByRole('checkbox')
    expect(boxes).toHaveLength(recipe.recipeIngredient.length)
    await user.click(boxes[1]!)
    const scale = within(dialog).getByRole('textbox', { name: 'Scale' })
    await user.clear(scale)
    await user.type(scale, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 ingredients' }))

    await waitFor(() => expect(server.calls(addRecipeToShoppingList)).toHaveLength(1))
    const request = server.calls(addRecipeToShoppingList)[0]!
    expect(request.params).toEqual({ id: party.id, recipeId: recipe.id })
    expect(request.body).toEqual({
      recipeIncrementQuantity: 2,
      recipeIngredientReferences: [flour!.referenceId, eggs!.referenceId, sauce!.referenceId],
    })
    expect(request.headers.get('Idempotency-Key')).toMatch(uuid)
  })

  it('from a list: finds the recipe by search and adds all of it (null: every stored ingredient)', async () => {
    const recipe = makeRecipe()
    const list = makeList([])
    const server = fakeServer()
      .answer(listRecipes, page([makeSummary({ id: recipe.id, name: recipe.name, slug: recipe.slug })]))
      .answer(getRecipe, { body: recipe })
      .answer(addRecipeToShoppingList, { body: list })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<AddRecipeDialog opened onClose={() => undefined} listId={list.id} />)
    const dialog = await screen.findByRole('dialog', { name: "Add a recipe's ingredients" })

    await user.type(within(dialog).getByRole('textbox', { name: 'Search recipes' }), 'panc')
    await user.click(await within(dialog).findByRole('button', { name: 'Pancakes' }))
    expect(server.calls(listRecipes)[0]!.search.get('search')).toBe('panc')
    await user.click(await within(dialog).findByRole('button', { name: 'Add 4 ingredients' }))

    await waitFor(() => expect(server.calls(addRecipeToShoppingList)).toHaveLength(1))
    expect(server.calls(addRecipeToShoppingList)[0]!.body).toEqual({
      recipeIncrementQuantity: 1,
      recipeIngredientReferences: null,
    })
    expect(server.calls(addRecipeToShoppingList)[0]!.params.id).toBe(list.id)
  })
})
