import fs from 'node:fs/promises'
import { exportRecipe, exportRecipeZip, getRecipe } from '@larder/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo, unzip } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeShareTokens } from '../../db/schema/index.js'

const dataDirectory = `/tmp/larder-recipe-exports-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function ownerWithRecipe() {
  const owner = await testApp.make.user()
  return { owner, recipe: await testApp.make.recipe({ owner, name: 'Pâte à Crêpes' }) }
}

async function shareToken(recipe: { id: string; groupId: string }, expiresInMs = 3_600_000) {
  const [token] = await testApp.db
    .insert(recipeShareTokens)
    .values({ groupId: recipe.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() + expiresInMs) })
    .returning()
  return token!.id
}

describe('GET /api/recipes/{slug}/exports?template_name=raw', () => {
  it('downloads the recipe as <slug>.json, camelCase and indented, as GET reads it', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await testApp.api.call(exportRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      query: { template_name: 'raw' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="pate-a-crepes.json"; filename*=UTF-8''pate-a-crepes.json`,
    )
    expect(answer.text).toMatch(/^\{\n {4}"id": /)
    const read = await testApp.api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })
    expect(JSON.parse(answer.text)).toEqual(JSON.parse(JSON.stringify(read)))
  })

  it('refuses a path for a template name (422), and another household or group (404)', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const other = await testApp.app.inject({
      method: 'GET',
      url: `/api/recipes/${recipe.slug}/exports?template_name=..%2F..%2Fsecret.md`,
      headers: { authorization: testApp.api.authorization(owner) },
    })
    expect(other.statusCode).toBe(422)
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    for (const caller of [neighbour, await testApp.make.user()]) {
      const answer = await testApp.api.call(exportRecipe, {
        as: caller,
        params: { slug: recipe.slug },
        query: { template_name: 'raw' },
      })
      expect(answer.status).toBe(404)
    }
  })
})

describe('GET /api/recipes/{slug}/exports/zip', () => {
  it('zips <slug>.json and original.webp for a member of the household', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const form = multipartForm([{ name: 'image', fileName: 'a.png', content: await photo(90, 60).png().toBuffer() }])
    const uploaded = await testApp.app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.slug}/image`,
      headers: { ...form.headers, authorization: testApp.api.authorization(owner) },
      payload: form.payload,
    })
    expect(uploaded.statusCode).toBe(200)

    const answer = await testApp.api.call(exportRecipeZip, { as: owner, params: { slug: recipe.slug } })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/zip')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="pate-a-crepes.zip"/)
    const entries = await unzip(answer.bytes)
    expect([...entries.keys()]).toEqual(['pate-a-crepes.json', 'original.webp'])
    const json = JSON.parse(entries.get('pate-a-crepes.json')!.toString()) as { id: string; image: string }
    expect(json.id).toBe(recipe.id)
    expect(json.image).toBe(uploaded.json<{ image: string }>().image)
    const picture = await sharp(entries.get('original.webp')).metadata()
    expect([picture.format, picture.width, picture.height]).toEqual(['webp', 90, 60])
  })

  it('leaves the picture out of a recipe without one', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await testApp.api.call(exportRecipeZip, { as: owner, params: { slug: recipe.slug } })
    expect([...(await unzip(answer.bytes)).keys()]).toEqual(['pate-a-crepes.json'])
  })

  it('opens signed out with a share token of the recipe; without one it is 401, with a wrong one 400 or 404', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const other = await testApp.make.recipe({ owner })
    const token = await shareToken(recipe)

    const shared = await testApp.api.call(exportRecipeZip, { params: { slug: recipe.slug }, query: { token } })
    expect(shared.status).toBe(200)
    expect([...(await unzip(shared.bytes)).keys()]).toEqual(['pate-a-crepes.json'])

    expect((await testApp.api.call(exportRecipeZip, { params: { slug: recipe.slug } })).status).toBe(401)
    const wrongRecipe = await testApp.api.call(exportRecipeZip, { params: { slug: other.slug }, query: { token } })
    expect(wrongRecipe.status).toBe(400)
    expect(wrongRecipe.text).toContain('Invalid Slug')
    const expired = await shareToken(recipe, -1000)
    expect(
      (await testApp.api.call(exportRecipeZip, { params: { slug: recipe.slug }, query: { token: expired } })).status,
    ).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      (await testApp.api.call(exportRecipeZip, { params: { slug: recipe.slug }, query: { token: unknown } })).status,
    ).toBe(404)
  })

  it('is not there for another household or group signed in without a token', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    for (const caller of [neighbour, await testApp.make.user()]) {
      expect((await testApp.api.call(exportRecipeZip, { as: caller, params: { slug: recipe.slug } })).status).toBe(404)
    }
  })
})
