import { createFood, createLabel, deleteFood, getFood, listFoods, mergeFoods, updateFood } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ingredientsOf, insertRecipe } from '../../../test/recipe-rows.js'
import { createTestApp } from '../../../test/test-app.js'
import { foodAliases, foods, foodsOnHand } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const group = await testApp.make.group()
  const upstairs = await testApp.make.household({ groupId: group.id, name: 'Upstairs' })
  const downstairs = await testApp.make.household({ groupId: group.id, name: 'Downstairs' })
  const organizer = await testApp.make.user({ householdId: upstairs.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: upstairs.id })
  const neighbour = await testApp.make.user({ householdId: downstairs.id, canOrganize: true })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, organizer, member, neighbour, stranger }
}

describe('foods', () => {
  it('creates a food with aliases and a label, reads it, replaces it whole and deletes it', async () => {
    const { api, organizer, member } = await kitchen()
    const label = await api.ok(createLabel, { as: organizer, body: { name: 'Produce' } })
    const created = await api.call(createFood, {
      as: organizer,
      body: {
        name: 'Tomato',
        pluralName: 'Tomatoes',
        description: 'Red',
        extras: { origin: 'garden' },
        labelId: label.id,
        aliases: [{ name: 'love apple' }, { name: 'love apple' }, { name: 'pomodoro' }],
      },
    })
    expect(created.status).toBe(201)
    const food = created.body as Awaited<ReturnType<typeof api.ok<typeof getFood>>>
    expect(food).toMatchObject({
      name: 'Tomato',
      pluralName: 'Tomatoes',
      description: 'Red',
      extras: { origin: 'garden' },
      onHand: false,
      householdsWithIngredientFood: [],
      labelId: label.id,
      label: { id: label.id, name: 'Produce', color: '#959595', groupId: organizer.groupId },
      aliases: [{ name: 'love apple' }, { name: 'pomodoro' }],
    })
    expect(await api.ok(getFood, { as: member, params: { id: food.id } })).toEqual(food)

    // A full replace: what the body omits returns to its default, the aliases are the body's.
    const replaced = await api.ok(updateFood, {
      as: organizer,
      params: { id: food.id },
      body: { name: 'Cherry tomato', aliases: [{ name: 'cherry' }] },
    })
    expect(replaced).toMatchObject({
      id: food.id,
      name: 'Cherry tomato',
      pluralName: null,
      description: '',
      extras: {},
      labelId: null,
      label: null,
      aliases: [{ name: 'cherry' }],
    })

    expect(await api.ok(deleteFood, { as: organizer, params: { id: food.id } })).toMatchObject({
      id: food.id,
      name: 'Cherry tomato',
    })
    expect((await api.call(getFood, { as: member, params: { id: food.id } })).status).toBe(404)
  })

  it("refuses another group's label with 422 and writes nothing", async () => {
    const { api, db, organizer, stranger } = await kitchen()
    const foreignLabel = await api.ok(createLabel, { as: stranger, body: { name: 'Theirs' } })
    const refused = await api.call(createFood, { as: organizer, body: { name: 'Pear', labelId: foreignLabel.id } })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ detail: [{ loc: ['body', 'labelId'] }] })
    expect(await db.select().from(foods).where(eq(foods.groupId, organizer.groupId))).toEqual([])
  })

  it('refuses every food write to a member without canOrganize', async () => {
    const { api, db, organizer, member } = await kitchen()
    const food = await api.ok(createFood, { as: organizer, body: { name: 'Rice' } })
    const other = await api.ok(createFood, { as: organizer, body: { name: 'Basmati' } })
    expect((await api.call(createFood, { as: member, body: { name: 'Bean' } })).status).toBe(403)
    expect((await api.call(updateFood, { as: member, params: { id: food.id }, body: { name: 'X' } })).status).toBe(403)
    expect((await api.call(deleteFood, { as: member, params: { id: food.id } })).status).toBe(403)
    expect((await api.call(mergeFoods, { as: member, body: { fromFood: other.id, toFood: food.id } })).status).toBe(403)
    expect((await db.select().from(foods)).map((row) => row.name).sort()).toEqual(['Basmati', 'Rice'])
  })

  it('answers 409 for a taken name and creates one food when eight requests race for a name', async () => {
    const { api, db, organizer, stranger } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call(createFood, { as: organizer, body: { name: 'Lentil', aliases: [{ name: 'dal' }], onHand: true } }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)])
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      detail: { message: 'A food with this name already exists' },
    })
    expect(await db.select().from(foods)).toHaveLength(1)
    expect(await db.select().from(foodAliases)).toHaveLength(1)
    expect(await db.select().from(foodsOnHand)).toHaveLength(1)
    expect((await api.call(createFood, { as: stranger, body: { name: 'Lentil' } })).status).toBe(201)
    const pea = await api.ok(createFood, { as: organizer, body: { name: 'Pea' } })
    const renamed = await api.call(updateFood, { as: organizer, params: { id: pea.id }, body: { name: 'Lentil' } })
    expect(renamed.status).toBe(409)
    expect((await api.ok(getFood, { as: organizer, params: { id: pea.id } })).name).toBe('Pea')
  })

  it('keeps on-hand per household, from onHand or from household slugs, in either casing', async () => {
    const { api, app, organizer, member, neighbour } = await kitchen()
    const food = await api.ok(createFood, { as: organizer, body: { name: 'Flour', onHand: true } })
    expect(food).toMatchObject({ onHand: true, householdsWithIngredientFood: ['upstairs'] })
    expect(await api.ok(getFood, { as: neighbour, params: { id: food.id } })).toMatchObject({ onHand: false })

    const snake = await app.inject({
      method: 'PUT',
      url: `/api/foods/${food.id}`,
      headers: { authorization: api.authorization(neighbour) },
      payload: { name: 'Flour', households_with_ingredient_food: ['upstairs', 'downstairs', 'nowhere'] },
    })
    expect(snake.statusCode).toBe(200)
    expect(snake.json()).toMatchObject({ onHand: true, householdsWithIngredientFood: ['downstairs', 'upstairs'] })

    const toggled = await api.ok(updateFood, {
      as: organizer,
      params: { id: food.id },
      body: { name: 'Flour', onHand: false, householdsWithIngredientFood: ['downstairs', 'upstairs'] },
    })
    expect(toggled).toMatchObject({ onHand: false, householdsWithIngredientFood: ['downstairs'] })

    const held = await api.ok(listFoods, { as: neighbour, query: { queryFilter: 'on_hand = true' } })
    expect(held.items.map((item) => item.name)).toEqual(['Flour'])
    expect((await api.ok(listFoods, { as: member, query: { queryFilter: 'onHand = true' } })).items).toEqual([])
  })

  it('lists foods with accent-insensitive search on name and plural, and filters on label and aliases', async () => {
    const { api, organizer, member } = await kitchen()
    const label = await api.ok(createLabel, { as: organizer, body: { name: 'Dairy' } })
    await api.ok(createFood, { as: organizer, body: { name: 'Crème fraîche', labelId: label.id } })
    await api.ok(createFood, {
      as: organizer,
      body: { name: 'Leek', pluralName: 'Leeks', aliases: [{ name: 'poireau' }] },
    })
    await api.ok(createFood, { as: organizer, body: { name: 'Goose', pluralName: 'Geese' } })
    const names = async (query: Record<string, string>) =>
      (await api.ok(listFoods, { as: member, query })).items.map((item) => item.name)

    expect(await names({ search: 'CREME' })).toEqual(['Crème fraîche'])
    expect(await names({ search: 'geese' })).toEqual(['Goose'])
    expect(await names({ queryFilter: 'label.name = "Dairy"' })).toEqual(['Crème fraîche'])
    expect(await names({ queryFilter: 'labelId IS NULL', orderBy: 'name', orderDirection: 'asc' })).toEqual([
      'Goose',
      'Leek',
    ])
    expect(await names({ queryFilter: 'aliases.name = poireau' })).toEqual(['Leek'])
    expect(await names({ orderBy: 'label.name:asc,name:asc', orderByNullPosition: 'last' })).toEqual([
      'Crème fraîche',
      'Goose',
      'Leek',
    ])
    expect((await api.call(listFoods, { as: member, query: { queryFilter: 'group_id IS NULL' } })).status).toBe(400)
  })

  it("merges one food into another: the group's ingredients are repointed, the first food is deleted", async () => {
    const { api, db, organizer, member, neighbour, stranger } = await kitchen()
    const scallion = await api.ok(createFood, { as: organizer, body: { name: 'Scallion', aliases: [{ name: 'x' }] } })
    const greenOnion = await api.ok(createFood, { as: organizer, body: { name: 'Green onion' } })
    const other = await api.ok(createFood, { as: organizer, body: { name: 'Ginger' } })
    const soup = await insertRecipe(db, {
      ownerId: member.id,
      ingredients: [{ foodId: scallion.id }, { foodId: other.id }, { foodId: scallion.id }],
    })
    const salad = await insertRecipe(db, { ownerId: neighbour.id, ingredients: [{ foodId: scallion.id }] })

    const merged = await api.call(mergeFoods, {
      as: organizer,
      body: { fromFood: scallion.id, toFood: greenOnion.id },
    })
    expect(merged.status).toBe(200)
    expect(merged.body).toEqual({ message: 'Successfully merged foods', error: false })
    expect((await ingredientsOf(db, soup.id)).map((line) => line.foodId)).toEqual([
      greenOnion.id,
      other.id,
      greenOnion.id,
    ])
    expect((await ingredientsOf(db, salad.id)).map((line) => line.foodId)).toEqual([greenOnion.id])
    expect((await api.call(getFood, { as: member, params: { id: scallion.id } })).status).toBe(404)
    expect(await db.select().from(foodAliases)).toEqual([])

    // Into itself, from or into another group's food: refused, and nothing moves.
    const itself = await api.call(mergeFoods, { as: organizer, body: { fromFood: other.id, toFood: other.id } })
    expect(itself.status).toBe(400)
    expect(itself.body).toMatchObject({ detail: { message: 'A food cannot be merged into itself' } })
    const foreign = await api.ok(createFood, { as: stranger, body: { name: 'Theirs' } })
    expect(
      (await api.call(mergeFoods, { as: organizer, body: { fromFood: other.id, toFood: foreign.id } })).status,
    ).toBe(404)
    expect(
      (await api.call(mergeFoods, { as: organizer, body: { fromFood: foreign.id, toFood: other.id } })).status,
    ).toBe(404)
    expect((await ingredientsOf(db, soup.id)).map((line) => line.foodId)).toContain(other.id)
    expect(await api.ok(getFood, { as: stranger, params: { id: foreign.id } })).toMatchObject({ name: 'Theirs' })
  })

  it('leaves ingredients without a food when their food is deleted', async () => {
    const { api, db, organizer, member } = await kitchen()
    const food = await api.ok(createFood, { as: organizer, body: { name: 'Saffron' } })
    const recipe = await insertRecipe(db, { ownerId: member.id, ingredients: [{ foodId: food.id }] })
    await api.ok(deleteFood, { as: organizer, params: { id: food.id } })
    expect(await ingredientsOf(db, recipe.id)).toEqual([{ foodId: null, unitId: null }])
  })

  it("keeps another group's foods out of reach", async () => {
    const { api, organizer, stranger } = await kitchen()
    const foreign = await api.ok(createFood, { as: stranger, body: { name: 'Foreign' } })
    expect((await api.call(getFood, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect(
      (await api.call(updateFood, { as: organizer, params: { id: foreign.id }, body: { name: 'Mine' } })).status,
    ).toBe(404)
    expect((await api.call(deleteFood, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect((await api.ok(listFoods, { as: organizer })).items).toEqual([])
  })
})
