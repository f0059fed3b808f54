import {
  addRecipeToShoppingList,
  createShoppingItem,
  createShoppingItems,
  deleteShoppingItem,
  deleteShoppingItems,
  getFood,
  getShoppingItem,
  getShoppingList,
  listShoppingItems,
  updateShoppingItem,
  updateShoppingItems,
} from '@larder/contracts'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecondInstance } from '../../../test/test-app.js'
import { shoppingKitchen } from './shopping-test-kit.js'

describe('shopping list items', () => {
  it('creates an item under the id the client chose, and merges a second one of the same food and dimension', async () => {
    const { api, cook, list, recipeWith } = await shoppingKitchen()
    const { recipeIngredient } = await recipeWith([
      { quantity: 1, unit: 'gram', food: 'sugar' },
      { quantity: 1, unit: 'kilogram', food: 'sugar' },
      { quantity: 1, unit: 'teaspoon', food: 'cinnamon' },
      { quantity: 1, unit: 'tablespoon', food: 'cinnamon' },
    ])
    const [grams, kilograms, teaspoon, tablespoon] = recipeIngredient
    const groceries = await list()
    const id = randomUUID()
    const first = await api.call(createShoppingItem, {
      as: cook,
      body: {
        id,
        shoppingListId: groceries.id,
        foodId: grams!.food!.id,
        unitId: kilograms!.unit!.id,
        quantity: 1,
        extras: { aisle: '4' },
      },
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ createdItems: [{ id, quantity: 1, extras: { aisle: '4' } }], updatedItems: [] })
    const merged = await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: groceries.id, foodId: grams!.food!.id, unitId: grams!.unit!.id, quantity: 500 },
    })
    expect(merged.createdItems).toEqual([])
    expect(merged.updatedItems).toMatchObject([{ id, quantity: 1.5, unit: { name: 'kilogram' } }])
    const spices = await api.ok(createShoppingItems, {
      as: cook,
      body: [
        { shoppingListId: groceries.id, foodId: teaspoon!.food!.id, unitId: teaspoon!.unit!.id, quantity: 3 },
        { shoppingListId: groceries.id, foodId: tablespoon!.food!.id, unitId: tablespoon!.unit!.id, quantity: 1 },
      ],
    })
    // 3 tsp and 1 tbsp of cinnamon are one line of 30 ml, written in a unit of the line.
    const list2 = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    const cinnamon = list2.listItems.filter((item) => item.food?.name === 'cinnamon')
    expect(cinnamon).toHaveLength(1)
    expect(spices.createdItems).toHaveLength(1)
    expect(cinnamon[0]!.unit!.name).toMatch(/spoon/)
    expect(cinnamon[0]!.quantity).toBe(cinnamon[0]!.unit!.name === 'tablespoon' ? 2 : 6)
  })

  it('merges lines without a food only on identical text, never a checked line with an unchecked one', async () => {
    const { api, cook, list } = await shoppingKitchen()
    const groceries = await list()
    await api.ok(createShoppingItems, {
      as: cook,
      body: [
        { shoppingListId: groceries.id, note: 'kitchen roll', quantity: 1 },
        { shoppingListId: groceries.id, note: 'Kitchen roll', quantity: 2 },
        { shoppingListId: groceries.id, note: 'paper towels', quantity: 1 },
        { shoppingListId: groceries.id, note: 'foil', quantity: 1, checked: true },
        { shoppingListId: groceries.id, note: 'foil', quantity: 1 },
      ],
    })
    const { listItems } = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(listItems.map((item) => [item.note.toLowerCase(), item.quantity, item.checked])).toEqual([
      ['kitchen roll', 3, false],
      ['paper towels', 1, false],
      ['foil', 1, true],
      ['foil', 1, false],
    ])
    // Un-checking the checked foil merges it into the open one.
    const checkedFoil = listItems.find((item) => item.checked)!
    const unchecked = await api.ok(updateShoppingItem, {
      as: cook,
      params: { id: checkedFoil.id },
      body: { shoppingListId: groceries.id, checked: false },
    })
    expect(unchecked.deletedItems.map((item) => item.id)).toEqual([checkedFoil.id])
    expect(unchecked.updatedItems).toMatchObject([{ note: 'foil', quantity: 2 }])
  })

  it('adds with quantityIncrement, sets with quantity, reorders in bulk and deletes in bulk; a deleted line answers 410', async () => {
    const { api, cook, mate, list } = await shoppingKitchen()
    const groceries = await list()
    const created = await api.ok(createShoppingItems, {
      as: cook,
      body: ['eggs', 'milk', 'bread'].map((note) => ({ shoppingListId: groceries.id, note, quantity: 1 })),
    })
    const [eggs, milk, bread] = created.createdItems
    expect(created.createdItems.map((item) => item.position)).toEqual([0, 1, 2])
    const more = await api.ok(updateShoppingItem, {
      as: mate,
      params: { id: eggs!.id },
      body: { shoppingListId: groceries.id, quantityIncrement: 5, quantity: 100 },
    })
    expect(more.updatedItems).toMatchObject([{ id: eggs!.id, quantity: 6 }])
    const set = await api.ok(updateShoppingItem, {
      as: mate,
      params: { id: eggs!.id },
      body: { shoppingListId: groceries.id, quantity: 2 },
    })
    expect(set.updatedItems).toMatchObject([{ id: eggs!.id, quantity: 2 }])
    const reordered = await api.ok(updateShoppingItems, {
      as: cook,
      body: [
        { id: bread!.id, shoppingListId: groceries.id, position: 0 },
        { id: eggs!.id, shoppingListId: groceries.id, position: 2 },
        { id: eggs!.id, shoppingListId: groceries.id, position: 9 },
      ],
    })
    expect(reordered.updatedItems.map((item) => [item.note, item.position])).toEqual([
      ['eggs', 2],
      ['bread', 0],
    ])
    expect(await api.ok(deleteShoppingItems, { as: cook, query: { ids: [milk!.id, randomUUID()] } })).toEqual({
      message: '',
      error: false,
    })
    expect(await api.ok(deleteShoppingItems, { as: cook, query: {} })).toEqual({ message: '', error: false })
    const late = await api.call(updateShoppingItem, {
      as: mate,
      params: { id: milk!.id },
      body: { shoppingListId: groceries.id, checked: true },
    })
    expect(late.status).toBe(410)
    expect((await api.call(getShoppingItem, { as: cook, params: { id: milk!.id } })).status).toBe(404)
    expect((await api.call(deleteShoppingItem, { as: cook, params: { id: milk!.id } })).status).toBe(404)
    const page = await api.ok(listShoppingItems, {
      as: cook,
      query: { queryFilter: `shopping_list_id = "${groceries.id}"`, orderBy: 'position', orderDirection: 'asc' },
    })
    expect(page.items.map((item) => item.note)).toEqual(['bread', 'eggs'])
  })

  it('teaches a food its label from the first line that sets one, and fills a line’s label from its food', async () => {
    const { api, cook, list, label, food } = await shoppingKitchen()
    const dairy = await label('Dairy 2')
    const bakery = await label('Bakery 2')
    const butter = await food('butter')
    const groceries = await list()
    const first = await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: groceries.id, foodId: butter.id, labelId: dairy.id },
    })
    expect(first.createdItems[0]).toMatchObject({ labelId: dairy.id, label: { name: 'Dairy 2' } })
    expect((await api.ok(getFood, { as: cook, params: { id: butter.id } })).labelId).toBe(dairy.id)
    // A second line with another label does not move the food's.
    const other = await list('Other')
    await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: other.id, foodId: butter.id, labelId: bakery.id },
    })
    expect((await api.ok(getFood, { as: cook, params: { id: butter.id } })).labelId).toBe(dairy.id)
    const third = await list('Third')
    const plain = await api.ok(createShoppingItem, { as: cook, body: { shoppingListId: third.id, foodId: butter.id } })
    expect(plain.createdItems[0]).toMatchObject({ labelId: dairy.id, label: { id: dairy.id } })
  })

  it('refuses foods, units, labels and recipes of another group, and lists and items of another household', async () => {
    const { api, cook, neighbour, stranger, list } = await shoppingKitchen()
    const groceries = await list()
    const theirs = await shoppingKitchen()
    const foreignFood = await theirs.food('caviar')
    const foreignLabel = await theirs.label('Luxury 3')
    const foreignRecipe = await theirs.recipeWith([{ quantity: 1, food: 'truffle' }])
    const refused = await api.call(createShoppingItem, {
      as: cook,
      body: {
        shoppingListId: groceries.id,
        foodId: foreignFood.id,
        labelId: foreignLabel.id,
        recipeReferences: [{ recipeId: foreignRecipe.id, recipeQuantity: 1 }],
      },
    })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.body)).toContain('foodId')
    expect(JSON.stringify(refused.body)).toContain('labelId')
    expect(JSON.stringify(refused.body)).toContain('recipeId')
    const mine = await api.ok(createShoppingItem, { as: cook, body: { shoppingListId: groceries.id, note: 'tea' } })
    const id = mine.createdItems[0]!.id
    for (const as of [neighbour, stranger]) {
      expect((await api.call(getShoppingItem, { as, params: { id } })).status).toBe(404)
      expect(
        (
          await api.call(updateShoppingItem, {
            as,
            params: { id },
            body: { shoppingListId: groceries.id, quantity: 9 },
          })
        ).status,
      ).toBe(404)
      expect(
        (await api.call(createShoppingItem, { as, body: { shoppingListId: groceries.id, note: 'x' } })).status,
      ).toBe(404)
      await api.ok(deleteShoppingItems, { as, query: { ids: [id] } })
    }
    expect(await api.ok(getShoppingItem, { as: cook, params: { id } })).toMatchObject({ note: 'tea', quantity: 1 })
    // An id taken (here by this household's own line) is refused, not overwritten.
    const taken = await api.call(createShoppingItem, {
      as: neighbour,
      body: { id, shoppingListId: groceries.id, note: 'x' },
    })
    expect(taken.status).toBe(422)
  })

  it('counts every amount of four recipe adds and six increments sent at once on two connections', async () => {
    const kitchen = await shoppingKitchen()
    const { api, cook, mate, list, recipeWith } = kitchen
    const second = await createSecondInstance(kitchen, { ownConnection: true })
    const bread = await recipeWith([{ quantity: 500, unit: 'gram', food: 'flour' }])
    const groceries = await list()
    const flourId = bread.recipeIngredient[0]!.food!.id
    const gramId = bread.recipeIngredient[0]!.unit!.id
    const start = await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: groceries.id, foodId: flourId, unitId: gramId, quantity: 100 },
    })
    const line = start.createdItems[0]!
    const clients = [api, second.api]
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, index) =>
        clients[index % 2]!.call(addRecipeToShoppingList, {
          as: index % 2 ? mate : cook,
          params: { id: groceries.id, recipeId: bread.id },
        }),
      ),
      ...Array.from({ length: 6 }, (_, index) =>
        clients[(index + 1) % 2]!.call(updateShoppingItem, {
          as: index % 2 ? cook : mate,
          params: { id: line.id },
          body: { shoppingListId: groceries.id, quantityIncrement: 10 },
        }),
      ),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(after.listItems).toHaveLength(1)
    // 100 g typed, 4 × 500 g of the recipe, 6 × 10 g added: 2.16 kg, in grams as the line was.
    expect(after.listItems[0]).toMatchObject({ id: line.id, quantity: 2160, unit: { id: gramId } })
    expect(after.recipeReferences).toMatchObject([{ recipeId: bread.id, recipeQuantity: 4 }])
    expect(after.listItems[0]!.recipeReferences).toMatchObject([{ recipeId: bread.id, recipeScale: 4 }])
  })
})
