import { createFood, createLabel, createShoppingList, getRecipe, patchRecipe } from '@larder/contracts'
import { createTestApp } from '../../../test/test-app.js'

/** A household with two members, a neighbour household of the same group and a stranger of another group. */
export async function shoppingKitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const mate = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id })
  const stranger = await testApp.make.user()
  const { api } = testApp

  /** A recipe of the cook's with these ingredient lines, answered with its stored ingredients. */
  async function recipeWith(
    ingredients: { quantity?: number | null; unit?: string; food?: string; note?: string }[],
    name?: string,
  ) {
    const row = await testApp.make.recipe({ owner: cook, ...(name ? { name } : {}) })
    await api.ok(patchRecipe, {
      as: cook,
      params: { slug: row.slug },
      body: {
        recipeIngredient: ingredients.map((ingredient) => ({
          quantity: ingredient.quantity ?? null,
          unit: ingredient.unit ? { name: ingredient.unit } : null,
          food: ingredient.food ? { name: ingredient.food } : null,
          note: ingredient.note ?? '',
        })),
      },
    })
    return api.ok(getRecipe, { as: cook, params: { slug: row.slug } })
  }

  const list = (name = 'Groceries', as = cook) => api.ok(createShoppingList, { as, body: { name } })
  const label = (name: string, as = cook) => api.ok(createLabel, { as, body: { name } })
  const food = (name: string, labelId: string | null = null) =>
    api.ok(createFood, { as: cook, body: { name, labelId } })

  return { ...testApp, household, cook, mate, neighbour, stranger, recipeWith, list, label, food }
}
