import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRecipeFromUrl } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

/**
 * Imports that run at once and share units, foods and tags, each page naming them in its own order and letter case:
 * the 20 pages, 10 at a time, into an empty group lost four to `deadlock detected` and left "cup" beside
 * "cups", "Sugar" beside "sugar".
 */

let testApp: TestApp
let server: http.Server
let origin: string

const lines = [
  '2 cups flour',
  '1 Cup sugar',
  '1 tbsp Sugar',
  '2 Tbsp butter',
  '3 cloves garlic',
  '1 Clove garlic',
  '200 g rice',
  '1 tsp salt',
  '4 radishes',
  '1 radish',
  '2 tablespoons olive oil',
  '100 ml crème fraîche',
  '50 ml creme fraiche',
  '1 pinch pepper',
]
const keywords = ['Soup', 'Quick', 'Vegetarian', 'Dinner', 'Summer', 'Cheap']

/** Page `n` lists the shared lines and keywords rotated by n, so that no two pages add them in one order. */
function page(n: number): string {
  const rotate = <T>(items: T[]) => [...items.slice(n % items.length), ...items.slice(0, n % items.length)]
  const recipe = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: `Shared pantry ${n}`,
    keywords: rotate(keywords).join(', '),
    recipeIngredient: n % 2 ? rotate(lines) : rotate(lines).reverse(),
    recipeInstructions: [{ '@type': 'HowToStep', text: 'Cook.' }],
  }
  return `<html><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head></html>`
}

beforeAll(async () => {
  // The production pool's ten connections, for ten imports at once: with the suite's smaller test pools they would
  // wait their turn past the acquire timeout (a 503), which is not the fault under test.
  const suitePoolSize = process.env.TEST_DATABASE_POOL_SIZE
  process.env.TEST_DATABASE_POOL_SIZE = '10'
  testApp = await createTestApp({ HTTP_ALLOW_LIST: '127.0.0.1' })
  if (suitePoolSize === undefined) delete process.env.TEST_DATABASE_POOL_SIZE
  else process.env.TEST_DATABASE_POOL_SIZE = suitePoolSize
  server = http.createServer((request, response) => {
    const n = Number(/^\/recipe\/(\d+)$/.exec(request.url ?? '')?.[1] ?? Number.NaN)
    if (Number.isNaN(n)) {
      response.writeHead(404)
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(page(n))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('parallel imports that share units, foods and tags', () => {
  it('imports 20 pages 10 at a time into an empty group: no error, no recipe lost, each unit and food once', async () => {
    const member = await testApp.make.user({ canOrganize: true })
    const statuses: number[] = []
    for (const batch of [0, 10]) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          testApp.api.call(createRecipeFromUrl, {
            as: member,
            body: { url: `${origin}/recipe/${batch + index}`, includeTags: true },
          }),
        ),
      )
      statuses.push(...answers.map((answer) => answer.status))
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 201))

    const [recipes] = await testApp.sql`select count(*)::int as count from recipes where group_id = ${member.groupId}`
    expect(recipes!.count).toBe(20)
    const units = await testApp.sql<{ name: string }[]>`
      select name from ingredient_units where group_id = ${member.groupId} order by name`
    expect(units.map((unit) => unit.name)).toEqual([
      'clove',
      'cup',
      'gram',
      'milliliter',
      'pinch',
      'tablespoon',
      'teaspoon',
    ])
    const foods = await testApp.sql<{ name: string }[]>`
      select name from ingredient_foods where group_id = ${member.groupId} order by name`
    expect(foods.map((food) => food.name)).toHaveLength(new Set(foods.map((food) => food.name.toLowerCase())).size)
    expect(foods.filter((food) => /^(sugar|radish(es)?|cr[eè]me fra[iî]che)$/i.test(food.name))).toHaveLength(3)
    const [tags] = await testApp.sql`select count(*)::int as count from tags where group_id = ${member.groupId}`
    expect(tags!.count).toBe(keywords.length)
  })
})
