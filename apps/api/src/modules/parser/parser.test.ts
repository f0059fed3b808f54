import { createFood, createUnit, parseIngredient, parseIngredients } from '@larder/contracts'
import { parseIngredientLine } from '@larder/kitchen/ingredient-parser'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { foods, units } from '../../db/schema/index.js'
import { parseAndMatchIngredients } from './index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const stranger = await testApp.make.user({ canOrganize: true })
  const { api } = testApp
  const tablespoon = await api.ok(createUnit, {
    as: cook,
    body: { name: 'Tablespoon', abbreviation: 'tbsp', aliases: [{ name: 'EL' }] },
  })
  const cup = await api.ok(createUnit, { as: cook, body: { name: 'Cups', pluralName: 'cups' } })
  const flour = await api.ok(createFood, {
    as: cook,
    body: { name: 'all-purpose flour', aliases: [{ name: 'plain flour' }] },
  })
  const potatoes = await api.ok(createFood, { as: cook, body: { name: 'potatoes' } })
  const redPepperFlakes = await api.ok(createFood, { as: cook, body: { name: 'red pepper flakes' } })
  // The stranger's group has a food of the same name: it must never be the match.
  await api.ok(createFood, { as: stranger, body: { name: 'olive oil' } })
  return { ...testApp, cook, stranger, tablespoon, cup, flour, potatoes, redPepperFlakes }
}

describe('the ingredient parser API', () => {
  it("parses a line and matches its unit and food to the group's, keeping the line as originalText", async () => {
    const { api, cook, cup, flour } = await kitchen()
    const parsed = await api.ok(parseIngredient, { as: cook, body: { ingredient: '1 ½ cups plain flour, sifted' } })
    expect(parsed.input).toBe('1 ½ cups plain flour, sifted')
    expect(parsed.ingredient).toMatchObject({
      quantity: 1.5,
      unit: { id: cup.id, name: 'Cups' },
      food: { id: flour.id, name: 'all-purpose flour' },
      note: 'sifted',
      originalText: '1 ½ cups plain flour, sifted',
      disableAmount: false,
    })
    expect(parsed.confidence.quantity).toBeGreaterThan(0.5)
    expect(parsed.confidence.food).toBeGreaterThan(0.5)
    expect(parsed.ingredient.display).toBe('1 ¹/₂ cups all-purpose flour sifted')
  })

  it('matches units by abbreviation, alias and the unit vocabulary, and foods by plural and fuzzily', async () => {
    const { api, cook, tablespoon, potatoes } = await kitchen()
    const answers = await api.ok(parseIngredients, {
      as: cook,
      body: { ingredients: ['2 tbsp potato', '2 EL potatoes', '3 Tbsp. potatos', '1 tablespoon potatoes'] },
    })
    for (const answer of answers) {
      expect(answer.ingredient.unit).toMatchObject({ id: tablespoon.id })
      expect(answer.ingredient.food).toMatchObject({ id: potatoes.id })
    }
  })

  it("answers an unmatched unit or food as { name } without an id, and never another group's food", async () => {
    const { api, cook } = await kitchen()
    const [first, second] = await api.ok(parseIngredients, {
      as: cook,
      body: { ingredients: ['2 handfuls baby spinach', '3 tablespoons olive oil'] },
    })
    expect(first!.ingredient.unit).toEqual({ name: 'handfuls' })
    expect(first!.ingredient.food).toEqual({ name: 'baby spinach' })
    expect(second!.ingredient.food).toEqual({ name: 'olive oil' })
  })

  it('re-joins a unit and food that together name one of the foods (brute parser)', async () => {
    const { api, cook, redPepperFlakes } = await kitchen()
    const parsed = await api.ok(parseIngredient, {
      as: cook,
      body: { ingredient: '1 red pepper flakes', parser: 'brute' },
    })
    expect(parsed.ingredient).toMatchObject({ quantity: 1, unit: null, food: { id: redPepperFlakes.id } })
    expect(parsed.confidence).toEqual({
      average: null,
      comment: null,
      name: null,
      unit: null,
      quantity: null,
      food: null,
    })
  })

  it('answers one parse per line in the same order, and an empty list for no lines', async () => {
    const { api, cook } = await kitchen()
    const lines = ['1 cup sugar', 'salt', '2-3 cloves garlic, crushed', '', 'For the sauce:']
    const answers = await api.ok(parseIngredients, { as: cook, body: { ingredients: lines } })
    expect(answers.map((answer) => answer.input)).toEqual(lines)
    expect(answers[2]!.ingredient).toMatchObject({ quantity: 2, food: { name: 'garlic' } })
    expect(answers[4]!.ingredient).toMatchObject({ title: 'For the sauce', food: null })
    expect(await api.ok(parseIngredients, { as: cook, body: { ingredients: [] } })).toEqual([])
  })

  it('accepts the same body in snake_case and camelCase, and ignores extra fields', async () => {
    const { app, api, cook } = await kitchen()
    const call = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/parser/ingredients',
        headers: { authorization: api.authorization(cook) },
        payload,
      })
    const camel = await call({ ingredients: ['1 cup sugar'], parser: 'nlp', extra: true })
    const snake = await call({ ingredients: ['1 cup sugar'], parser: 'nlp', some_field: 1 })
    expect(camel.statusCode).toBe(200)
    expect(snake.statusCode).toBe(200)
    const strip = (body: { ingredient: { referenceId?: string } }[]) =>
      body.map(({ ingredient: { referenceId: _, ...rest }, ...other }) => ({ ...other, rest }))
    expect(strip(snake.json())).toEqual(strip(camel.json()))
  })

  it('refuses bad input with 422 and an unknown parser with 422, writing nothing', async () => {
    const { app, api, db, cook } = await kitchen()
    const [foodsBefore, unitsBefore] = [(await db.select().from(foods)).length, (await db.select().from(units)).length]
    const call = (url: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: api.authorization(cook), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      })
    expect((await call('/api/parser/ingredient', {})).statusCode).toBe(422)
    expect((await call('/api/parser/ingredient', { ingredient: 42 })).statusCode).toBe(422)
    expect((await call('/api/parser/ingredient', { ingredient: 'x'.repeat(2001) })).statusCode).toBe(422)
    expect((await call('/api/parser/ingredient', { ingredient: '1 cup', parser: 'crf' })).statusCode).toBe(422)
    expect((await call('/api/parser/ingredients', { ingredients: 'not a list' })).statusCode).toBe(422)
    expect((await call('/api/parser/ingredients', { ingredients: [null] })).statusCode).toBe(422)
    expect((await call('/api/parser/ingredients', { ingredients: ['nul\u0000byte'] })).statusCode).toBe(422)
    expect([(await db.select().from(foods)).length, (await db.select().from(units)).length]).toEqual([
      foodsBefore,
      unitsBefore,
    ])
  })

  it('answers 400 "OpenAI is not configured" for the openai parser', async () => {
    const { api, cook } = await kitchen()
    const answer = await api.call(parseIngredient, { as: cook, body: { ingredient: '1 cup sugar', parser: 'openai' } })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ detail: { message: 'OpenAI is not configured' } })
  })

  it('requires a signed-in user', async () => {
    const { api } = await kitchen()
    expect((await api.call(parseIngredient, { body: { ingredient: '1 cup sugar' } })).status).toBe(401)
    expect((await api.call(parseIngredients, { body: { ingredients: ['1 cup sugar'] } })).status).toBe(401)
  })

  it('parses and matches for the importers through parseAndMatchIngredients, inside their transaction', async () => {
    const { db, cook, cup, flour } = await kitchen()
    const groupId = (
      await db
        .select()
        .from(foods)
        .where((await import('drizzle-orm')).eq(foods.id, flour.id))
    )[0]!.groupId
    expect(cook.id).toBeTruthy()
    const ingredients = await db.transaction((tx) =>
      parseAndMatchIngredients(tx, groupId, ['2 cups plain flour', '1 pinch saffron']),
    )
    expect(ingredients).toHaveLength(2)
    expect(ingredients[0]).toMatchObject({
      quantity: 2,
      unit: { id: cup.id },
      food: { id: flour.id },
      originalText: '2 cups plain flour',
    })
    expect(ingredients[1]).toMatchObject({
      quantity: 1,
      unit: { name: 'pinch' },
      food: { name: 'saffron' },
      originalText: '1 pinch saffron',
    })
    expect(ingredients[1]!.unit).not.toHaveProperty('id')
  })

  it('keeps a line the parser is not sure of as written for the importers: the note, the display and originalText', async () => {
    const { db, flour } = await kitchen()
    const groupId = (
      await db
        .select()
        .from(foods)
        .where((await import('drizzle-orm')).eq(foods.id, flour.id))
    )[0]!.groupId
    const line = 'salt, pepper, and maybe some paprika'
    expect(parseIngredientLine(line).sure).toBe(false)
    const [unsure, sure] = await db.transaction((tx) =>
      parseAndMatchIngredients(tx, groupId, [line, '2 cups plain flour']),
    )
    expect(unsure).toMatchObject({
      quantity: null,
      unit: null,
      food: null,
      note: line,
      display: line,
      originalText: line,
    })
    expect(sure).toMatchObject({ quantity: 2, food: { id: flour.id }, originalText: '2 cups plain flour' })
  })
})
