import {
  addRecipeToShoppingList,
  createShoppingItem,
  createShoppingList,
  deleteShoppingList,
  getShoppingList,
  getShoppingListChanges,
  listShoppingLists,
  removeRecipeFromShoppingList,
  updateShoppingItem,
  updateShoppingList,
  updateShoppingListLabelSettings,
  type ShoppingListOut,
} from '@larder/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shoppingKitchen } from './shopping-test-kit.js'

/** What a list shows a person: every line's food or text, amount and unit, in position order. */
const linesOf = (list: ShoppingListOut) =>
  list.listItems.map((item) => ({
    food: item.food?.name ?? null,
    note: item.note,
    quantity: item.quantity,
    unit: item.unit?.name ?? null,
    checked: item.checked,
  }))

describe('shopping lists', () => {
  it('creates a list with a label setting per group label in name order, reads, renames and deletes it', async () => {
    const { api, cook, mate, label, list } = await shoppingKitchen()
    const zucchini = await label('Zucchini 1')
    const apples = await label('Apples 1')
    const created = await list('Weekly')
    expect(created).toMatchObject({
      name: 'Weekly',
      userId: cook.id,
      groupId: cook.groupId,
      householdId: cook.householdId,
      listItems: [],
      recipeReferences: [],
      extras: {},
    })
    expect(created.labelSettings.map((setting) => [setting.label.name, setting.position])).toEqual([
      ['Apples 1', 0],
      ['Zucchini 1', 1],
    ])
    // Any member of the household reads and changes it.
    expect(await api.ok(getShoppingList, { as: mate, params: { id: created.id } })).toMatchObject({ id: created.id })
    const renamed = await api.ok(updateShoppingList, {
      as: mate,
      params: { id: created.id },
      body: { id: created.id, groupId: cook.groupId, userId: mate.id, name: 'Saturday', listItems: [{}] },
    })
    expect(renamed).toMatchObject({ name: 'Saturday', userId: mate.id })
    expect(renamed.version).toBeGreaterThan(created.version)
    // A new label joins the end of every list's order.
    const bread = await label('Bread 1')
    const reread = await api.ok(getShoppingList, { as: cook, params: { id: created.id } })
    expect(reread.labelSettings.map((setting) => setting.labelId)).toEqual([apples.id, zucchini.id, bread.id])
    const reordered = await api.ok(updateShoppingListLabelSettings, {
      as: cook,
      params: { id: created.id },
      body: reread.labelSettings.map((setting, index) => ({
        ...setting,
        position: reread.labelSettings.length - 1 - index,
      })),
    })
    expect(reordered.labelSettings.map((setting) => setting.labelId)).toEqual([bread.id, zucchini.id, apples.id])
    const page = await api.ok(listShoppingLists, { as: cook, query: { queryFilter: 'name = "Saturday"' } })
    expect(page.items.map((item) => item.id)).toEqual([created.id])
    expect(page.items[0]).not.toHaveProperty('listItems')
    expect(await api.ok(deleteShoppingList, { as: cook, params: { id: created.id } })).toMatchObject({
      name: 'Saturday',
    })
    expect((await api.call(getShoppingList, { as: cook, params: { id: created.id } })).status).toBe(404)
  })

  it('creates a list under the id its client made (a list made offline), and refuses an id that exists, anywhere', async () => {
    const { api, cook, stranger, list } = await shoppingKitchen()
    const id = crypto.randomUUID()
    const made = await api.call(createShoppingList, { as: cook, body: { id, name: 'Made in the shop' } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ id, name: 'Made in the shop', householdId: cook.householdId })
    expect(await api.ok(getShoppingList, { as: cook, params: { id } })).toMatchObject({ id, listItems: [] })
    // The same id again, from the household or from another group: 422 on `id`, and nothing is made or changed.
    const elsewhere = await list('Elsewhere')
    for (const [as, taken] of [
      [cook, id],
      [stranger, id],
      [stranger, elsewhere.id],
    ] as const) {
      const again = await api.call(createShoppingList, { as, body: { id: taken, name: 'Again' } })
      expect(again.status).toBe(422)
      expect(JSON.stringify(again.body)).toContain('A list with this id exists')
    }
    expect(await api.ok(getShoppingList, { as: cook, params: { id } })).toMatchObject({ name: 'Made in the shop' })
    expect((await api.ok(listShoppingLists, { as: stranger, query: {} })).items).toEqual([])
    // An empty id is no id (Mealie's clients send ""): the server makes one.
    const unnamed = await api.ok(createShoppingList, { as: cook, body: { id: '', name: 'Plain' } })
    expect(unnamed.id).not.toBe('')
    expect((await api.call(createShoppingList, { as: cook, body: { id: 'not-an-id' } })).status).toBe(422)
  })

  it('refuses label settings of another list (400) and an owner from outside the household (422)', async () => {
    const { api, cook, neighbour, label, list } = await shoppingKitchen()
    await label('Dairy 1')
    const groceries = await list()
    const other = await list('Other')
    const misplaced = await api.call(updateShoppingListLabelSettings, {
      as: cook,
      params: { id: groceries.id },
      body: other.labelSettings.map((setting) => ({ ...setting })),
    })
    expect(misplaced.status).toBe(400)
    expect(misplaced.body).toMatchObject({
      detail: { message: `object ${other.labelSettings[0]!.id} has an invalid shopping list id` },
    })
    const stranger = await api.call(updateShoppingList, {
      as: cook,
      params: { id: groceries.id },
      body: { id: groceries.id, groupId: cook.groupId, userId: neighbour.id, name: 'x' },
    })
    expect(stranger.status).toBe(422)
    expect((await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })).name).toBe('Groceries')
  })

  it('adds and removes a recipe by its share, leaving the list exactly as it was', async () => {
    const { api, cook, list, recipeWith } = await shoppingKitchen()
    const pancakes = await recipeWith([
      { quantity: 1, unit: 'cup', food: 'milk' },
      { quantity: 200, unit: 'gram', food: 'flour' },
      { quantity: 2, food: 'egg' },
      { note: 'a pinch of salt' },
    ])
    const groceries = await list()
    await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: groceries.id, note: 'kitchen roll', quantity: 1 },
    })
    await api.ok(createShoppingItem, {
      as: cook,
      body: {
        shoppingListId: groceries.id,
        foodId: pancakes.recipeIngredient[0]!.food!.id,
        quantity: 250,
        unitId: null,
      },
    })
    const before = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    const added = await api.ok(addRecipeToShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: pancakes.id },
      body: { recipeIncrementQuantity: 2 },
    })
    expect(added.recipeReferences).toMatchObject([{ recipeId: pancakes.id, recipeQuantity: 2 }])
    expect(linesOf(added)).toEqual(
      expect.arrayContaining([
        { food: 'flour', note: '', quantity: 400, unit: 'gram', checked: false },
        { food: 'egg', note: '', quantity: 4, unit: null, checked: false },
        { food: 'milk', note: '', quantity: 2, unit: 'cup', checked: false },
        { food: null, note: 'a pinch of salt', quantity: 0, unit: null, checked: false },
      ]),
    )
    const flour = added.listItems.find((item) => item.food?.name === 'flour')!
    expect(flour.recipeReferences).toMatchObject([{ recipeId: pancakes.id, recipeQuantity: 200, recipeScale: 2 }])
    // Checking and unchecking keeps the line's recipe link (mealie#5213).
    for (const checked of [true, false]) {
      await api.ok(updateShoppingItem, {
        as: cook,
        params: { id: flour.id },
        body: { shoppingListId: groceries.id, checked },
      })
    }
    const removed = await api.ok(removeRecipeFromShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: pancakes.id },
      body: { recipeDecrementQuantity: 2 },
    })
    expect(linesOf(removed)).toEqual(linesOf(before))
    expect(removed.recipeReferences).toEqual([])
    expect(removed.listItems.map((item) => item.id)).toEqual(before.listItems.map((item) => item.id))
  })

  it('leaves the list as it was after adding a recipe and removing it, whatever happened between (property)', async () => {
    const { api, cook, list, recipeWith } = await shoppingKitchen()
    const pancakes = await recipeWith([
      { quantity: 1, unit: 'cup', food: 'milk' },
      { quantity: 200, unit: 'gram', food: 'flour' },
      { quantity: 2, food: 'egg' },
      { note: 'salt' },
    ])
    const bread = await recipeWith([
      { quantity: 250, unit: 'milliliter', food: 'milk' },
      { quantity: 1, unit: 'kilogram', food: 'flour' },
    ])
    const foodOf = (name: string) =>
      [...pancakes.recipeIngredient, ...bread.recipeIngredient].find((item) => item.food?.name === name)!
    const typed = {
      milk: { foodId: foodOf('milk').food!.id, unitId: bread.recipeIngredient[0]!.unit!.id },
      flour: { foodId: foodOf('flour').food!.id, unitId: pancakes.recipeIngredient[1]!.unit!.id },
      egg: { foodId: foodOf('egg').food!.id, unitId: null },
      foil: { note: 'foil' },
    }
    type Step =
      | { kind: 'type'; what: keyof typeof typed; quantity: number }
      | { kind: 'bread' }
      | { kind: 'check' | 'uncheck'; what: 'milk' | 'flour' | 'egg' }
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('type' as const),
        what: fc.constantFrom('milk' as const, 'flour' as const, 'egg' as const, 'foil' as const),
        quantity: fc.integer({ min: 1, max: 400 }),
      }),
      fc.record({ kind: fc.constant('bread' as const) }),
      fc.record({
        kind: fc.constantFrom('check' as const, 'uncheck' as const),
        what: fc.constantFrom('milk' as const, 'flour' as const, 'egg' as const),
      }),
    )
    async function run(listId: string, steps: Step[]) {
      for (const next of steps) {
        if (next.kind === 'type') {
          await api.ok(createShoppingItem, {
            as: cook,
            body: { shoppingListId: listId, quantity: next.quantity, ...typed[next.what] },
          })
        } else if (next.kind === 'bread') {
          await api.ok(addRecipeToShoppingList, { as: cook, params: { id: listId, recipeId: bread.id } })
        } else {
          const current = await api.ok(getShoppingList, { as: cook, params: { id: listId } })
          const line = current.listItems.find(
            (item) => item.food?.name === next.what && item.checked === (next.kind === 'uncheck'),
          )
          if (line) {
            await api.ok(updateShoppingItem, {
              as: cook,
              params: { id: line.id },
              body: { shoppingListId: listId, checked: next.kind === 'check' },
            })
          }
        }
      }
    }
    const contentOf = async (listId: string) =>
      linesOf(await api.ok(getShoppingList, { as: cook, params: { id: listId } }))
        .map((line) => JSON.stringify(line))
        .sort()
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 3 }),
        fc.array(step, { maxLength: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (before, after, scale) => {
          const withRecipe = await list('With')
          const without = await list('Without')
          await run(withRecipe.id, before)
          await api.ok(addRecipeToShoppingList, {
            as: cook,
            params: { id: withRecipe.id, recipeId: pancakes.id },
            body: { recipeIncrementQuantity: scale },
          })
          await run(withRecipe.id, after)
          await api.ok(removeRecipeFromShoppingList, {
            as: cook,
            params: { id: withRecipe.id, recipeId: pancakes.id },
            body: { recipeDecrementQuantity: scale },
          })
          await run(without.id, [...before, ...after])
          expect(await contentOf(withRecipe.id)).toEqual(await contentOf(without.id))
        },
      ),
      { numRuns: 8 },
    )
  }, 120_000)

  it('merges a cup and 250 ml of milk into one line, and seven recipes of one food into one line per food', async () => {
    const { api, cook, list, recipeWith } = await shoppingKitchen()
    const pancakes = await recipeWith([{ quantity: 1, unit: 'cup', food: 'milk' }])
    const porridge = await recipeWith([{ quantity: 250, unit: 'milliliter', food: 'milk' }])
    const groceries = await list()
    await api.ok(addRecipeToShoppingList, { as: cook, params: { id: groceries.id, recipeId: pancakes.id } })
    const both = await api.ok(addRecipeToShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: porridge.id },
    })
    expect(linesOf(both)).toEqual([{ food: 'milk', note: '', quantity: 485, unit: 'milliliter', checked: false }])
    // Checked and unchecked as Mealie's clients do it, sending the whole line back: the written 485 ml adds nothing.
    for (const checked of [true, false]) {
      const { listItems } = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
      await api.ok(updateShoppingItem, {
        as: cook,
        params: { id: listItems[0]!.id },
        body: { ...listItems[0]!, checked },
      })
    }
    await api.ok(removeRecipeFromShoppingList, { as: cook, params: { id: groceries.id, recipeId: pancakes.id } })
    const porridgeOnly = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(linesOf(porridgeOnly)).toEqual([
      { food: 'milk', note: '', quantity: 250, unit: 'milliliter', checked: false },
    ])
    await api.ok(removeRecipeFromShoppingList, { as: cook, params: { id: groceries.id, recipeId: porridge.id } })
    expect((await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })).listItems).toEqual([])
    await api.ok(addRecipeToShoppingList, { as: cook, params: { id: groceries.id, recipeId: pancakes.id } })
    await api.ok(addRecipeToShoppingList, { as: cook, params: { id: groceries.id, recipeId: porridge.id } })
    const week = await list('Week')
    const stew = await recipeWith([
      { quantity: 2, food: 'onion' },
      { quantity: 500, unit: 'gram', food: 'beef' },
    ])
    let answer: ShoppingListOut | undefined
    for (let day = 0; day < 7; day += 1) {
      answer = await api.ok(addRecipeToShoppingList, { as: cook, params: { id: week.id, recipeId: stew.id } })
    }
    expect(linesOf(answer!)).toEqual(
      expect.arrayContaining([
        { food: 'onion', note: '', quantity: 14, unit: null, checked: false },
        { food: 'beef', note: '', quantity: 3500, unit: 'gram', checked: false },
      ]),
    )
    expect(answer!.listItems).toHaveLength(2)
    expect(answer!.recipeReferences).toMatchObject([{ recipeId: stew.id, recipeQuantity: 7 }])
  })

  it('adds only the chosen ingredients, and answers 404 for a recipe or list of another household or group', async () => {
    const { api, cook, neighbour, stranger, list, recipeWith } = await shoppingKitchen()
    const soup = await recipeWith([
      { quantity: 1, food: 'leek' },
      { quantity: 2, food: 'potato' },
    ])
    const groceries = await list()
    const chosen = await api.ok(addRecipeToShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: soup.id },
      body: { recipeIngredientReferences: [soup.recipeIngredient[1]!.referenceId] },
    })
    expect(linesOf(chosen).map((line) => line.food)).toEqual(['potato'])
    // Mealie's dialog sends the ticked ingredients whole; their saved food counts, their quantity is scaled.
    const sent = await api.ok(addRecipeToShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: soup.id },
      body: { recipeIncrementQuantity: 3, recipeIngredients: [soup.recipeIngredient[0]!] },
    })
    expect(linesOf(sent)).toEqual([
      { food: 'potato', note: '', quantity: 2, unit: null, checked: false },
      { food: 'leek', note: '', quantity: 3, unit: null, checked: false },
    ])
    for (const as of [neighbour, stranger]) {
      const answer = await api.call(addRecipeToShoppingList, {
        as,
        params: { id: groceries.id, recipeId: soup.id },
      })
      expect(answer.status).toBe(404)
    }
  })

  it('lets another household or group read and change none of a list', async () => {
    const { api, cook, neighbour, stranger, list, label, recipeWith } = await shoppingKitchen()
    await label('Aisle 5')
    const soup = await recipeWith([{ quantity: 1, food: 'leek' }])
    const groceries = await list()
    await api.ok(addRecipeToShoppingList, { as: cook, params: { id: groceries.id, recipeId: soup.id } })
    const before = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    const params = { id: groceries.id }
    for (const as of [neighbour, stranger]) {
      const answers = [
        await api.call(getShoppingList, { as, params }),
        await api.call(getShoppingListChanges, { as, params, query: { since: 0 } }),
        await api.call(updateShoppingList, {
          as,
          params,
          body: { id: groceries.id, groupId: as.groupId, userId: as.id, name: 'Mine' },
        }),
        await api.call(updateShoppingListLabelSettings, {
          as,
          params,
          body: before.labelSettings.map((setting) => ({ ...setting, position: 9 })),
        }),
        await api.call(removeRecipeFromShoppingList, { as, params: { ...params, recipeId: soup.id } }),
        await api.call(deleteShoppingList, { as, params }),
      ]
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404])
      const page = await api.ok(listShoppingLists, { as, query: {} })
      expect(page.items.map((item) => item.id)).not.toContain(groceries.id)
    }
    expect(await api.ok(getShoppingList, { as: cook, params })).toEqual(before)
  })

  it('refuses bad input with 422 and writes nothing', async () => {
    const { api, cook, list } = await shoppingKitchen()
    const groceries = await list()
    const params = { id: groceries.id }
    const refusals = [
      await api.call(addRecipeToShoppingList, {
        as: cook,
        params: { ...params, recipeId: groceries.id },
        body: { recipeIncrementQuantity: -1 },
      }),
      await api.call(removeRecipeFromShoppingList, {
        as: cook,
        params: { ...params, recipeId: groceries.id },
        body: { recipeDecrementQuantity: 0 },
      }),
      await api.call(getShoppingListChanges, { as: cook, params, query: { since: -1 } }),
      await api.call(updateShoppingListLabelSettings, {
        as: cook,
        params,
        body: [{ id: groceries.id, shoppingListId: groceries.id, labelId: groceries.id, position: 0 }],
      }),
      await api.call(createShoppingItem, { as: cook, body: { shoppingListId: groceries.id, quantity: 2_000_000 } }),
      await api.call(createShoppingItem, { as: cook, body: { shoppingListId: 'not-an-id' } }),
    ]
    expect(refusals.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 422])
    expect(await api.ok(getShoppingList, { as: cook, params })).toMatchObject({
      version: groceries.version,
      listItems: [],
    })
  })

  it('answers only what changed since a version: a 200-line list with 3 changes in under 5 KB', async () => {
    const { api, cook, list } = await shoppingKitchen()
    const groceries = await list()
    const created = await api.ok(createShoppingItem, {
      as: cook,
      body: { shoppingListId: groceries.id, note: 'line 0' },
    })
    const { createShoppingItems } = await import('@larder/contracts')
    await api.ok(createShoppingItems, {
      as: cook,
      body: Array.from({ length: 199 }, (_, index) => ({ shoppingListId: groceries.id, note: `line ${index + 1}` })),
    })
    const { version } = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    const first = created.createdItems[0]!
    await api.ok(updateShoppingItem, {
      as: cook,
      params: { id: first.id },
      body: { shoppingListId: groceries.id, checked: true },
    })
    await api.ok(createShoppingItem, { as: cook, body: { shoppingListId: groceries.id, note: 'line 200' } })
    const { deleteShoppingItem } = await import('@larder/contracts')
    const page = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    const victim = page.listItems.find((item) => item.note === 'line 7')!
    await api.ok(deleteShoppingItem, { as: cook, params: { id: victim.id } })
    const changes = await api.call(getShoppingListChanges, {
      as: cook,
      params: { id: groceries.id },
      query: { since: version },
    })
    expect(changes.status).toBe(200)
    expect(changes.text.length).toBeLessThan(5 * 1024)
    const body = changes.body as Awaited<ReturnType<typeof api.ok<typeof getShoppingListChanges>>>
    expect(body.items.map((item) => item.note).sort()).toEqual(['line 0', 'line 200'])
    expect(body.deletedItemIds).toEqual([victim.id])
    expect(body.version).toBe(version + 3)
    expect(body.reset).toBe(false)
    const none = await api.ok(getShoppingListChanges, {
      as: cook,
      params: { id: groceries.id },
      query: { since: body.version },
    })
    expect(none).toEqual({
      shoppingListId: groceries.id,
      version: body.version,
      reset: false,
      items: [],
      deletedItemIds: [],
    })
  })
})
