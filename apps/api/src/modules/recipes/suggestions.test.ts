import { randomUUID } from 'node:crypto'
import { suggestRecipes } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { countingStatements, createTestApp, type TestApp } from '../../../test/test-app.js'
import { foods, foodsOnHand, recipeIngredients, recipeTools, tools, toolsOnHand } from '../../db/schema/index.js'
import { createRecipeSuggestionService } from './suggestions.service.js'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

type Owner = { id: string; groupId: string; householdId: string }

/** A kitchen: two households of one group, five foods, two tools and recipes built from them. */
async function kitchen() {
  const { make, db } = testApp
  const home = await make.household()
  const cook = await make.user({ householdId: home.id })
  const neighbours = await make.household({ groupId: home.groupId })
  const neighbour = await make.user({ householdId: neighbours.id })
  const food = async (name: string) => (await db.insert(foods).values({ groupId: home.groupId, name }).returning())[0]!
  const tool = async (name: string) =>
    (await db.insert(tools).values({ groupId: home.groupId, name, slug: name }).returning())[0]!
  const [flour, egg, milk, sugar, salt] = await Promise.all(['flour', 'egg', 'milk', 'sugar', 'salt'].map(food))
  const [whisk, oven] = await Promise.all(['whisk', 'oven'].map(tool))

  const recipe = async (
    owner: Owner,
    name: string,
    parts: { foods?: { id: string }[]; tools?: { id: string }[]; disableAmount?: boolean },
  ) => {
    const row = await make.recipe({ owner, name, settingsDisableAmount: parts.disableAmount ?? false })
    for (const [position, ingredient] of (parts.foods ?? []).entries()) {
      await db
        .insert(recipeIngredients)
        .values({ recipeId: row.id, position, foodId: ingredient.id, referenceId: randomUUID() })
    }
    for (const item of parts.tools ?? []) await db.insert(recipeTools).values({ recipeId: row.id, toolId: item.id })
    return row
  }
  const recipes = {
    pancakes: await recipe(cook, 'Pancakes', { foods: [flour!, egg!, milk!, egg!], tools: [whisk!] }),
    omelette: await recipe(neighbour, 'Omelette', { foods: [egg!] }),
    cake: await recipe(cook, 'Cake', { foods: [flour!, egg!, sugar!, milk!], tools: [whisk!, oven!] }),
    // Foods count only on recipes that use amounts.
    toast: await recipe(cook, 'Toast', { foods: [flour!], disableAmount: true }),
    salad: await recipe(cook, 'Salad', {}),
  }
  return { home, cook, neighbour, neighbours, foods: { flour, egg, milk, sugar, salt }, whisk, oven, recipes }
}

const names = (answer: { items: { recipe: { name: string } }[] }) => answer.items.map((item) => item.recipe.name)

describe('GET /api/recipes/suggestions', () => {
  it('ranks the recipes holding a given food by fewest missing foods, then most matched, naming what is missing', async () => {
    const { cook, foods: f } = await kitchen()
    const answer = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { foods: [f.egg!.id, f.flour!.id], includeFoodsOnHand: false, includeToolsOnHand: false },
    })
    expect(names(answer)).toEqual(['Omelette', 'Pancakes', 'Cake'])
    const [omelette, pancakes, cake] = answer.items
    expect(omelette!.missingFoods).toEqual([])
    expect(pancakes!.missingFoods.map((food) => food.name)).toEqual(['milk'])
    expect(pancakes!.missingFoods[0]).toMatchObject({ id: f.milk!.id, onHand: false, householdsWithIngredientFood: [] })
    expect(cake!.missingFoods.map((food) => food.name)).toEqual(['milk', 'sugar'])
    // No tools were given and none are on hand: tools are not counted.
    expect(cake!.missingTools).toEqual([])
    expect(cake!.recipe.tools.map((tool) => tool.name).sort()).toEqual(['oven', 'whisk'])
  })

  it("counts the caller's household's on-hand foods as had, and not another household's", async () => {
    const { cook, neighbour, home, neighbours, foods: f } = await kitchen()
    await testApp.db.insert(foodsOnHand).values([
      { foodId: f.milk!.id, householdId: home.id },
      { foodId: f.sugar!.id, householdId: neighbours.id },
    ])
    const mine = await testApp.api.ok(suggestRecipes, { as: cook, query: { foods: [f.egg!.id, f.flour!.id] } })
    // Pancakes now miss nothing and match three foods; the cake still misses the neighbours' sugar.
    expect(names(mine)).toEqual(['Pancakes', 'Omelette', 'Cake'])
    expect(mine.items[2]!.missingFoods.map((food) => food.name)).toEqual(['sugar'])
    expect(mine.items[2]!.missingFoods[0]!.householdsWithIngredientFood).toEqual([neighbours.slug])

    const without = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { foods: [f.egg!.id, f.flour!.id], includeFoodsOnHand: 'false' },
    })
    expect(names(without)).toEqual(['Omelette', 'Pancakes', 'Cake'])

    // On hand alone is enough to ask: the neighbours have sugar, and only the cake holds it.
    const theirs = await testApp.api.ok(suggestRecipes, { as: neighbour, query: {} })
    expect(names(theirs)).toEqual(['Cake'])
    expect(theirs.items[0]!.missingFoods.map((food) => food.name)).toEqual(['egg', 'flour', 'milk'])
  })

  it('drops recipes missing more than maxMissingFoods or maxMissingTools', async () => {
    const { cook, foods: f, whisk, oven } = await kitchen()
    const foodsOnly = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { foods: [f.egg!.id, f.flour!.id], maxMissingFoods: 1, includeToolsOnHand: false },
    })
    expect(names(foodsOnly)).toEqual(['Omelette', 'Pancakes'])

    const tooled = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { tools: whisk!.id, includeFoodsOnHand: false, orderBy: 'name', orderDirection: 'asc' },
    })
    // Tools only: every recipe counts, the cake last with its oven missing.
    expect(names(tooled)).toEqual(['Omelette', 'Pancakes', 'Salad', 'Toast', 'Cake'])
    expect(tooled.items[4]!.missingTools).toMatchObject([{ id: oven!.id, name: 'oven', onHand: false }])
    expect(tooled.items[4]!.missingFoods).toEqual([])

    const strict = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: {
        tools: [whisk!.id],
        maxMissingTools: 0,
        includeFoodsOnHand: false,
        orderBy: 'name',
        orderDirection: 'asc',
      },
    })
    expect(names(strict)).toEqual(['Omelette', 'Pancakes', 'Salad', 'Toast'])
  })

  it("counts the household's on-hand tools, and applies limit, queryFilter and the requested order", async () => {
    const { cook, home, whisk, oven } = await kitchen()
    await testApp.db.insert(toolsOnHand).values({ toolId: oven!.id, householdId: home.id })
    const onHand = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { tools: [whisk!.id], maxMissingTools: 0, includeFoodsOnHand: false },
    })
    expect(names(onHand)).toContain('Cake')

    const limited = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: {
        includeFoodsOnHand: false,
        includeToolsOnHand: false,
        orderBy: 'name',
        orderDirection: 'desc',
        limit: 2,
      },
    })
    expect(names(limited)).toEqual(['Toast', 'Salad'])

    const filtered = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { includeFoodsOnHand: false, includeToolsOnHand: false, queryFilter: 'name = "Cake"' },
    })
    expect(names(filtered)).toEqual(['Cake'])

    // Filters through relations and the list's other orders reach the same recipe rows.
    const byTool = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { includeFoodsOnHand: false, includeToolsOnHand: false, queryFilter: 'tools.name = "oven"' },
    })
    expect(names(byTool)).toEqual(['Cake'])
    const shuffled = (seed: string) =>
      testApp.api.ok(suggestRecipes, {
        as: cook,
        query: { includeFoodsOnHand: false, includeToolsOnHand: false, orderBy: 'random', paginationSeed: seed },
      })
    const first = names(await shuffled('a'))
    expect(first.sort()).toEqual(['Cake', 'Omelette', 'Pancakes', 'Salad', 'Toast'])
    expect(names(await shuffled('a'))).toEqual(names(await shuffled('a')))
    const rated = await testApp.api.ok(suggestRecipes, {
      as: cook,
      query: { includeFoodsOnHand: false, includeToolsOnHand: false, orderBy: 'rating', orderByNullPosition: 'first' },
    })
    expect(rated.items).toHaveLength(5)
  })

  it("searches the caller's group only: another group's foods and recipes count for nothing", async () => {
    const { cook, foods: f } = await kitchen()
    const stranger = await testApp.make.user()
    await testApp.make.recipe({ owner: stranger, name: 'Stranger Soup', settingsDisableAmount: false })
    const theirs = await testApp.api.ok(suggestRecipes, {
      as: stranger,
      query: { foods: [f.egg!.id], includeFoodsOnHand: false, includeToolsOnHand: false },
    })
    // The egg is not a food of their group: nothing is had, so nothing is filtered on foods.
    expect(names(theirs)).toEqual(['Stranger Soup'])
    const mine = await testApp.api.ok(suggestRecipes, { as: cook, query: { includeFoodsOnHand: false } })
    expect(names(mine)).not.toContain('Stranger Soup')
  })

  it('wins over /api/recipes/{slug}, even with a recipe named "Suggestions"', async () => {
    const cook = await testApp.make.user()
    await testApp.make.recipe({ owner: cook, name: 'Suggestions' })
    const answer = await testApp.api.ok(suggestRecipes, { as: cook })
    expect(names(answer)).toEqual(['Suggestions'])
  })

  it('refuses bad input with a 4xx', async () => {
    const cook = await testApp.make.user()
    const bad = async (query: Record<string, string>) =>
      (await testApp.api.call(suggestRecipes, { as: cook, query: query })).status
    expect(await bad({ foods: 'flour' })).toBe(422)
    expect(await bad({ tools: 'not-a-uuid' })).toBe(422)
    expect(await bad({ limit: '0' })).toBe(422)
    expect(await bad({ maxMissingFoods: '-1' })).toBe(422)
    expect(await bad({ includeFoodsOnHand: 'maybe' })).toBe(422)
    expect(await bad({ orderBy: 'password_hash' })).toBe(400)
    expect(await bad({ orderBy: 'random' })).toBe(422)
    expect(await bad({ queryFilter: 'name ==' })).toBe(400)
    expect((await testApp.api.call(suggestRecipes, {})).status).toBe(401)
  })

  it('computes the missing foods and tools in one statement, then reads the summaries in a second', async () => {
    const { cook, foods: f, whisk } = await kitchen()
    const counting = countingStatements(testApp)
    const service = createRecipeSuggestionService({ db: counting.db })
    const caller = { ...cook, userId: cook.id } as unknown as Parameters<typeof service.suggest>[0]
    const answer = await service.suggest(caller, {
      foods: [f.egg!.id, f.flour!.id],
      tools: [whisk!.id],
      limit: 10,
      maxMissingFoods: 5,
      maxMissingTools: 5,
      includeFoodsOnHand: true,
      includeToolsOnHand: true,
    })
    expect(names(answer)).toEqual(['Omelette', 'Pancakes', 'Cake'])
    expect(answer.items[2]!.missingTools.map((tool) => tool.name)).toEqual(['oven'])
    expect(counting.count()).toBe(2)
  })
})
