import fs from 'node:fs/promises'
import { getRecipe, type Recipe } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo, renamedInZip, zipOf } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-recipe-zip-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function importZip(as: User | null, archive: Buffer) {
  const form = multipartForm([
    { name: 'archive', fileName: 'recipe.zip', content: archive, contentType: 'application/zip' },
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/recipes/create/zip',
    headers: { ...form.headers, ...(as ? { authorization: testApp.api.authorization(as) } : {}) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

const read = async (as: User, slug: string) =>
  (await testApp.api.call(getRecipe, { params: { slug }, as })).body as Recipe

describe('POST /api/recipes/create/zip', () => {
  it("imports Mealie's zip (snake_case JSON and original.webp), foods, units and tags by name", async () => {
    const user = await testApp.make.user()
    const mealieJson = {
      id: '6f9f0e36-3f3c-4a4a-9a0b-3a4c1c6d0e11',
      user_id: '11111111-1111-4111-8111-111111111111',
      group_id: '22222222-2222-4222-8222-222222222222',
      name: 'Tomato Soup',
      slug: 'tomato-soup',
      description: 'Warming.',
      recipe_yield: '4 servings',
      total_time: '40 minutes',
      org_url: 'https://example.com/soup',
      tags: [{ id: '33333333-3333-4333-8333-333333333333', name: 'Soups', slug: 'soups' }],
      recipe_category: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Dinner', slug: 'dinner' }],
      recipe_ingredient: [
        {
          quantity: 2,
          unit: { id: '55555555-5555-4555-8555-555555555555', name: 'cup' },
          food: { id: '66666666-6666-4666-8666-666666666666', name: 'tomatoes' },
          note: 'chopped',
          original_text: '2 cups tomatoes, chopped',
          reference_id: '77777777-7777-4777-8777-777777777777',
        },
      ],
      recipe_instructions: [{ id: '88888888-8888-4888-8888-888888888888', text: 'Simmer.', ingredient_references: [] }],
      nutrition: { calories: '120', protein_content: '3 g' },
      settings: { public: false, locked: true },
    }
    const archive = await zipOf([
      ['tomato-soup.json', JSON.stringify(mealieJson)],
      ['original.webp', await photo(200, 150).webp().toBuffer()],
    ])
    const answer = await importZip(user, archive)
    expect(answer.status).toBe(201)
    const recipe = await read(user, answer.body as string)
    expect(recipe).toMatchObject({ name: 'Tomato Soup', recipeYield: '4 servings', orgURL: 'https://example.com/soup' })
    expect(recipe.id).not.toBe(mealieJson.id)
    expect(recipe.userId).toBe(user.id)
    expect(recipe.settings.locked).toBe(false)
    expect(recipe.tags.map((tag) => tag.name)).toEqual(['Soups'])
    expect(recipe.recipeIngredient[0]).toMatchObject({
      quantity: 2,
      note: 'chopped',
      originalText: '2 cups tomatoes, chopped',
    })
    expect(recipe.recipeIngredient[0]?.food?.name).toBe('tomatoes')
    expect(recipe.recipeIngredient[0]?.unit?.name).toBe('cup')
    expect(recipe.nutrition?.proteinContent).toBe('3 g')
    expect(recipe.image).not.toBeNull()
  })

  it("imports Larder's own export back (camelCase), as a second recipe under the next free name", async () => {
    const user = await testApp.make.user()
    const recipe = await testApp.make.recipe({ owner: user, name: 'Round Trip' })
    const exported = await testApp.app.inject({
      method: 'GET',
      url: `/api/recipes/${recipe.slug}/exports/zip`,
      headers: { authorization: testApp.api.authorization(user) },
    })
    expect(exported.statusCode).toBe(200)
    const answer = await importZip(user, exported.rawPayload)
    expect(answer.status).toBe(201)
    expect(answer.body).toBe('round-trip-1')
    expect((await read(user, 'round-trip-1')).name).toBe('Round Trip (1)')
  })

  it('refuses a zip without a recipe, a broken recipe, hostile names and non-zips, writing nothing', async () => {
    const user = await testApp.make.user()
    const cases: Array<[Buffer, number]> = [
      [await zipOf([['readme.txt', 'hello']]), 400],
      [await zipOf([['soup.json', '{ not json']]), 400],
      [await zipOf([['soup.json', JSON.stringify({ description: 'no name' })]]), 400],
      [
        renamedInZip(
          await zipOf([['xx/soup.json', JSON.stringify({ name: 'Escape' })]]),
          'xx/soup.json',
          '../soup.json',
        ),
        400,
      ],
      [Buffer.from('name,description\nSoup,Hot\n'), 415],
    ]
    for (const [archive, status] of cases) expect((await importZip(user, archive)).status).toBe(status)
    const [count] = await testApp.sql`select count(*)::int as count from recipes where user_id = ${user.id}`
    expect(count?.count).toBe(0)
  })

  it('needs a signed-in user, and refuses an upload over 50 MB with 413', async () => {
    expect((await importZip(null, await zipOf([['a.json', '{}']]))).status).toBe(401)
    const user = await testApp.make.user()
    expect((await importZip(user, Buffer.alloc(51 * 1024 * 1024, 1))).status).toBe(413)
  })
})
