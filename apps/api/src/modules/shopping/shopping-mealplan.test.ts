import {
  addMealPlanToShoppingList,
  createMealplan,
  getShoppingList,
  patchRecipe,
  previewMealPlanOnShoppingList,
  removeRecipeFromShoppingList,
  updateFood,
  updateMealplan,
  type ShoppingListOut,
} from '@larder/contracts'
import { and, asc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSecondInstance } from '../../../test/test-app.js'
import { events } from '../../db/schema/index.js'
import { planEntryRef } from '../mealplans/index.js'
import { shoppingKitchen } from './shopping-test-kit.js'

const week = { startDate: '2026-03-02', endDate: '2026-03-08' }

/** What a list shows a person: every line's food or text, amount and unit, in position order. */
const linesOf = (list: Pick<ShoppingListOut, 'listItems'>) =>
  list.listItems.map((item) => ({
    food: item.food?.name ?? null,
    note: item.note,
    quantity: item.quantity,
    unit: item.unit?.name ?? null,
  }))

/** A household's week: pancakes on Monday, bread on Tuesday, a note on Wednesday, soup the week after. */
async function plannedWeek() {
  const kitchen = await shoppingKitchen()
  const { api, cook, mate, recipeWith } = kitchen
  const pancakes = await recipeWith(
    [{ quantity: 200, unit: 'gram', food: 'flour' }, { quantity: 2, food: 'egg' }, { note: 'a pinch of salt' }],
    'Pancakes',
  )
  const bread = await recipeWith(
    [
      { quantity: 300, unit: 'gram', food: 'flour' },
      { quantity: 1, unit: 'cup', food: 'milk' },
    ],
    'Bread',
  )
  const soup = await recipeWith([{ quantity: 1, food: 'leek' }], 'Soup')
  const monday = await api.ok(createMealplan, {
    as: cook,
    body: { date: '2026-03-02', entryType: 'dinner', recipeId: pancakes.id },
  })
  const tuesday = await api.ok(createMealplan, {
    as: mate,
    body: { date: '2026-03-03', entryType: 'lunch', recipeId: bread.id },
  })
  await api.ok(createMealplan, { as: cook, body: { date: '2026-03-04', title: 'Leftovers' } })
  await api.ok(createMealplan, { as: cook, body: { date: '2026-03-09', entryType: 'dinner', recipeId: soup.id } })
  const egg = pancakes.recipeIngredient[1]!.food!
  // The household has eggs.
  await api.ok(updateFood, { as: cook, params: { id: egg.id }, body: { name: egg.name, onHand: true } })
  return { ...kitchen, pancakes, bread, soup, monday, tuesday, egg }
}

describe('shop for these days', () => {
  it('previews the days without writing, then adds each plan entry once, leaving out what is on hand', async () => {
    const { api, cook, mate, list, pancakes, bread, monday, tuesday, egg } = await plannedWeek()
    const groceries = await list()
    const preview = await api.ok(previewMealPlanOnShoppingList, {
      as: mate,
      params: { id: groceries.id },
      body: week,
    })
    const shown = preview.lines.map((line) => ({
      food: line.food?.name ?? null,
      quantity: line.quantity,
      unit: line.unit?.name ?? null,
      note: line.note,
      onHand: line.onHand,
      entries: line.sources.map((source) => source.planEntryId),
    }))
    expect(shown).toEqual([
      { food: 'flour', quantity: 500, unit: 'gram', note: '', onHand: false, entries: [monday.id, tuesday.id] },
      { food: 'egg', quantity: 2, unit: null, note: '', onHand: true, entries: [monday.id] },
      { food: null, quantity: 0, unit: null, note: 'a pinch of salt', onHand: false, entries: [monday.id] },
      { food: 'milk', quantity: 1, unit: 'cup', note: '', onHand: false, entries: [tuesday.id] },
    ])
    expect(preview.lines[0]!.sources).toEqual([
      expect.objectContaining({ mealplanId: planEntryRef(monday.id), recipeId: pancakes.id, recipeName: 'Pancakes' }),
      expect.objectContaining({ date: '2026-03-03', entryType: 'lunch', recipeId: bread.id, recipeScale: 1 }),
    ])
    expect(preview.entriesOnList).toEqual([])
    // The preview wrote nothing.
    const untouched = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(untouched).toMatchObject({ listItems: [], version: groceries.version })

    const added = await api.call(addMealPlanToShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(added.status).toBe(200)
    const collection = added.body as { createdItems: ShoppingListOut['listItems']; updatedItems: unknown[] }
    expect(linesOf({ listItems: collection.createdItems })).toEqual([
      { food: 'flour', note: '', quantity: 500, unit: 'gram' },
      { food: null, note: 'a pinch of salt', quantity: 0, unit: null },
      { food: 'milk', note: '', quantity: 1, unit: 'cup' },
    ])
    expect(collection.updatedItems).toEqual([])
    const references = collection.createdItems[0]!.recipeReferences
    expect(references).toHaveLength(2)
    expect(references).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recipeId: pancakes.id, mealplanId: planEntryRef(monday.id), recipeQuantity: 200 }),
        expect.objectContaining({ recipeId: bread.id, mealplanId: planEntryRef(tuesday.id), recipeQuantity: 300 }),
      ]),
    )
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(after.listItems.map((item) => item.food?.id)).not.toContain(egg.id)
    expect(after.recipeReferences.map((ref) => [ref.recipeId, ref.recipeQuantity])).toEqual(
      expect.arrayContaining([
        [pancakes.id, 1],
        [bread.id, 1],
      ]),
    )

    // The same days again add nothing; the preview says the entries are on the list.
    const again = await api.ok(addMealPlanToShoppingList, { as: mate, params: { id: groceries.id }, body: week })
    expect(again).toEqual({ createdItems: [], updatedItems: [], deletedItems: [] })
    const unchanged = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(linesOf(unchanged)).toEqual(linesOf(after))
    expect(unchanged.version).toBe(after.version)
    const second = await api.ok(previewMealPlanOnShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(second.lines).toEqual([])
    expect(second.entriesOnList.map((entry) => entry.planEntryId)).toEqual([monday.id, tuesday.id])

    // A longer range adds only the entry not yet on the list.
    const longer = await api.ok(addMealPlanToShoppingList, {
      as: cook,
      params: { id: groceries.id },
      body: { startDate: '2026-03-01', endDate: '2026-03-09' },
    })
    expect(linesOf({ listItems: longer.createdItems })).toEqual([{ food: 'leek', note: '', quantity: 1, unit: null }])
    expect(longer.updatedItems).toEqual([])
  })

  it('adds the foods named in leaveOut only when not named, in snake_case too', async () => {
    const { api, app, cook, list, egg } = await plannedWeek()
    const groceries = await list()
    const flour = (await api.ok(previewMealPlanOnShoppingList, { as: cook, params: { id: groceries.id }, body: week }))
      .lines[0]!.food!
    const snake = await app.inject({
      method: 'POST',
      url: `/api/households/shopping/lists/${groceries.id}/mealplan`,
      headers: { authorization: api.authorization(cook) },
      payload: { start_date: week.startDate, end_date: week.endDate, leave_out: [flour.id] },
    })
    expect(snake.statusCode).toBe(200)
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    // Flour left out as asked; the eggs on hand are bought, since the person did not leave them out.
    expect(linesOf(after).map((line) => line.food ?? line.note)).toEqual(['egg', 'a pinch of salt', 'milk'])
    expect(after.listItems[0]!.food!.id).toBe(egg.id)
    const preview = await app.inject({
      method: 'POST',
      url: `/api/households/shopping/lists/${groceries.id}/mealplan/preview`,
      headers: { authorization: api.authorization(cook) },
      payload: { start_date: week.startDate, end_date: week.endDate },
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ lines: [], entriesOnList: [{}, {}] })
  })

  it('adds the days once when two requests come at once on two connections', async () => {
    const kitchen = await plannedWeek()
    const { api, cook, mate, list } = kitchen
    const second = await createSecondInstance(kitchen, { ownConnection: true })
    const groceries = await list()
    const answers = await Promise.all(
      [api, second.api, api, second.api].map((client, index) =>
        client.call(addMealPlanToShoppingList, {
          as: index % 2 ? mate : cook,
          params: { id: groceries.id },
          body: week,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const created = answers.map((answer) => (answer.body as { createdItems: unknown[] }).createdItems.length)
    expect(created.toSorted()).toEqual([0, 0, 0, 3])
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(linesOf(after)).toEqual([
      { food: 'flour', note: '', quantity: 500, unit: 'gram' },
      { food: null, note: 'a pinch of salt', quantity: 0, unit: null },
      { food: 'milk', note: '', quantity: 1, unit: 'cup' },
    ])
  })

  it('refuses bad ranges and ids with a 4xx and writes nothing', async () => {
    const { api, app, cook, list } = await plannedWeek()
    const groceries = await list()
    const url = `/api/households/shopping/lists/${groceries.id}/mealplan`
    const bodies: unknown[] = [
      {},
      { startDate: '2026-03-08', endDate: '2026-03-02' },
      { startDate: '2026-03-02', endDate: '2026-06-02' },
      { startDate: '2026-02-30', endDate: '2026-03-02' },
      { startDate: 'monday', endDate: '2026-03-02' },
      { ...week, leaveOut: ['not-an-id'] },
      { ...week, leaveOut: 'flour' },
      [week],
    ]
    for (const payload of bodies) {
      for (const path of [url, `${url}/preview`]) {
        const answer = await app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: api.authorization(cook) },
          payload: payload as object,
        })
        expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 422 })
      }
    }
    const badId = await app.inject({
      method: 'POST',
      url: '/api/households/shopping/lists/not-a-list/mealplan',
      headers: { authorization: api.authorization(cook) },
      payload: week,
    })
    expect(badId.statusCode).toBe(422)
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(after).toMatchObject({ listItems: [], version: groceries.version })
  })

  it("never reaches another household's list or plan", async () => {
    const { api, cook, neighbour, stranger, list } = await plannedWeek()
    const groceries = await list()
    for (const as of [neighbour, stranger]) {
      for (const endpoint of [addMealPlanToShoppingList, previewMealPlanOnShoppingList]) {
        const answer = await api.call(endpoint, { as, params: { id: groceries.id }, body: week })
        expect(answer.status).toBe(404)
      }
    }
    expect(await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })).toMatchObject({
      listItems: [],
      version: groceries.version,
    })
    // The neighbour's own list gets only the neighbour's plan: the cook's week is not theirs.
    const theirs = await list('Theirs', neighbour)
    const preview = await api.ok(previewMealPlanOnShoppingList, {
      as: neighbour,
      params: { id: theirs.id },
      body: week,
    })
    expect(preview).toMatchObject({ lines: [], entriesOnList: [] })
    const added = await api.ok(addMealPlanToShoppingList, { as: neighbour, params: { id: theirs.id }, body: week })
    expect(added).toEqual({ createdItems: [], updatedItems: [], deletedItems: [] })
  })

  it('announces the new lines once, and answers a repeated Idempotency-Key with the first answer', async () => {
    const { api, app, db, cook, list } = await plannedWeek()
    const groceries = await list()
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/households/shopping/lists/${groceries.id}/mealplan`,
        headers: { authorization: api.authorization(cook), 'idempotency-key': 'shop-the-week-1' },
        payload: week,
      })
    const first = await send()
    const repeated = await send()
    expect(first.statusCode).toBe(200)
    expect(repeated.statusCode).toBe(200)
    expect(repeated.headers['idempotent-replayed']).toBeDefined()
    expect(repeated.json()).toEqual(first.json())
    const ids = first.json<{ createdItems: { id: string }[] }>().createdItems.map((item) => item.id)
    expect(ids).toHaveLength(3)
    const published = await db
      .select({ type: events.type, document: events.document, householdId: events.householdId })
      .from(events)
      .where(and(eq(events.groupId, cook.groupId), like(events.type, 'shopping-list-item.%')))
      .orderBy(asc(events.version))
    expect(published).toEqual([
      {
        type: 'shopping-list-item.created',
        document: { shoppingListId: groceries.id, shoppingListItemIds: ids },
        householdId: cook.householdId,
      },
    ])
  })
})

describe("shop for these days at the plan's servings", () => {
  /** Pancakes for 4 planned for 8 on Monday and for 2 on Tuesday; bread that says not how many it serves, for 6. */
  async function servedWeek() {
    const kitchen = await shoppingKitchen()
    const { api, cook, recipeWith } = kitchen
    const pancakes = await recipeWith(
      [
        { quantity: 200, unit: 'gram', food: 'flour' },
        { quantity: 2, food: 'egg' },
      ],
      'Pancakes',
    )
    await api.ok(patchRecipe, { as: cook, params: { slug: pancakes.slug }, body: { recipeServings: 4 } })
    const bread = await recipeWith([{ quantity: 300, unit: 'gram', food: 'flour' }], 'Bread')
    const monday = await api.ok(createMealplan, {
      as: cook,
      body: { date: '2026-03-02', entryType: 'dinner', recipeId: pancakes.id, servings: 8 },
    })
    const tuesday = await api.ok(createMealplan, {
      as: cook,
      body: { date: '2026-03-03', entryType: 'dinner', recipeId: pancakes.id, servings: 2 },
    })
    const wednesday = await api.ok(createMealplan, {
      as: cook,
      body: { date: '2026-03-04', entryType: 'dinner', recipeId: bread.id, servings: 6 },
    })
    return { ...kitchen, pancakes, bread, monday, tuesday, wednesday }
  }

  it('scales each entry by its servings over the recipe’s, adds two entries of one recipe up, and adds once', async () => {
    const { api, cook, list, pancakes, monday, tuesday, wednesday } = await servedWeek()
    const groceries = await list()
    const preview = await api.ok(previewMealPlanOnShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(preview.lines.map((line) => [line.food?.name, line.quantity, line.unit?.name ?? null])).toEqual([
      // 200 g × 8/4 + 200 g × 2/4 + the bread's 300 g as written (it says not how many it serves).
      ['flour', 200 * 2 + 200 * 0.5 + 300, 'gram'],
      ['egg', 2 * 2 + 2 * 0.5, null],
    ])
    expect(preview.lines[0]!.display).toContain('800')
    expect(
      preview.lines[0]!.sources.map((source) => [source.planEntryId, source.servings, source.recipeScale]),
    ).toEqual([
      [monday.id, 8, 2],
      [tuesday.id, 2, 0.5],
      [wednesday.id, 6, 1],
    ])

    const added = await api.ok(addMealPlanToShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(linesOf({ listItems: added.createdItems })).toEqual([
      { food: 'flour', note: '', quantity: 800, unit: 'gram' },
      { food: 'egg', note: '', quantity: 5, unit: null },
    ])
    expect(added.createdItems[0]!.recipeReferences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mealplanId: planEntryRef(monday.id), recipeQuantity: 200, recipeScale: 2 }),
        expect.objectContaining({ mealplanId: planEntryRef(tuesday.id), recipeQuantity: 200, recipeScale: 0.5 }),
        expect.objectContaining({ mealplanId: planEntryRef(wednesday.id), recipeQuantity: 300, recipeScale: 1 }),
      ]),
    )
    const after = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
    expect(after.recipeReferences.find((ref) => ref.recipeId === pancakes.id)?.recipeQuantity).toBe(2.5)

    // The same days again add nothing.
    const again = await api.ok(addMealPlanToShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(again).toEqual({ createdItems: [], updatedItems: [], deletedItems: [] })
    expect(linesOf(await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } }))).toEqual(linesOf(after))

    // Monday's entry taken off at its recorded scale takes exactly its part; the days again put back exactly it.
    const without = await api.ok(removeRecipeFromShoppingList, {
      as: cook,
      params: { id: groceries.id, recipeId: pancakes.id },
      body: { recipeDecrementQuantity: 2, mealplanId: planEntryRef(monday.id) },
    })
    expect(linesOf(without)).toEqual([
      { food: 'flour', note: '', quantity: 400, unit: 'gram' },
      { food: 'egg', note: '', quantity: 1, unit: null },
    ])
    await api.ok(addMealPlanToShoppingList, { as: cook, params: { id: groceries.id }, body: week })
    expect(linesOf(await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } }))).toEqual(linesOf(after))
  })

  it('follows servings changed before the days are added, and takes the recipe as written when they are cleared', async () => {
    const { api, cook, list, monday } = await servedWeek()
    const groceries = await list()
    await api.ok(updateMealplan, { as: cook, params: { id: monday.id }, body: { ...monday, servings: null } })
    const mondayOnly = { startDate: '2026-03-02', endDate: '2026-03-02' }
    const preview = await api.ok(previewMealPlanOnShoppingList, {
      as: cook,
      params: { id: groceries.id },
      body: mondayOnly,
    })
    expect(preview.lines.map((line) => line.quantity)).toEqual([200, 2])
    await api.ok(updateMealplan, { as: cook, params: { id: monday.id }, body: { ...monday, servings: 6 } })
    const added = await api.ok(addMealPlanToShoppingList, { as: cook, params: { id: groceries.id }, body: mondayOnly })
    expect(added.createdItems.map((item) => item.quantity)).toEqual([300, 3])
  })
})
