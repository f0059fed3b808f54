import {
  createShareToken,
  deleteShareToken,
  getHouseholdRecipe,
  getShareToken,
  getSharedRecipe,
  listShareTokens,
} from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { householdRecipeData, recipeShareTokens } from '../../db/schema/index.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { groupRecipeRepo } from './group-recipes.repo.js'
import { shareTokenRepo } from './share-tokens.repo.js'
import { createShareTokenService } from './share-tokens.service.js'

const day = 24 * 3600 * 1000

describe('share tokens', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp()
  })

  const tokenCount = async (recipeId: string) => {
    const [row] = await testApp.sql<{ count: number }[]>`
      select count(*)::int as count from recipe_share_tokens where recipe_id = ${recipeId}`
    return row!.count
  }

  it('lets any member share a recipe of the group, for 30 days unless told, and list, read and revoke tokens', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const otherHousehold = await make.household({ groupId: owner.groupId })
    const neighbour = await make.user({ householdId: otherHousehold.id })
    const soup = await make.recipe({ owner })
    const stew = await make.recipe({ owner })

    const before = Date.now()
    const token = await api.ok(createShareToken, { as: neighbour, body: { recipeId: soup.id } })
    expect(token).toMatchObject({ recipeId: soup.id, groupId: owner.groupId })
    expect(Date.parse(token.expiresAt) - before).toBeGreaterThan(30 * day - 60_000)
    expect(Date.parse(token.expiresAt) - before).toBeLessThan(30 * day + 60_000)
    const dated = await api.ok(createShareToken, {
      as: owner,
      body: { recipeId: stew.id, expiresAt: '2030-01-01T00:00:00Z' },
    })
    expect(dated.expiresAt).toBe('2030-01-01T00:00:00.000Z')

    const all = await api.ok(listShareTokens, { as: owner })
    expect(all.map((item) => item.id)).toEqual([token.id, dated.id])
    const ofStew = await api.ok(listShareTokens, { as: owner, query: { recipe_id: stew.id } })
    expect(ofStew.map((item) => item.id)).toEqual([dated.id])
    expect(await api.ok(getShareToken, { as: owner, params: { id: token.id } })).toEqual(token)

    expect((await api.call(deleteShareToken, { as: owner, params: { id: token.id } })).status).toBe(200)
    expect((await api.call(getShareToken, { as: owner, params: { id: token.id } })).status).toBe(404)
    expect((await api.call(deleteShareToken, { as: owner, params: { id: token.id } })).status).toBe(404)
  })

  it('answers 404 to another group for its tokens and recipes, and 422 to bad input, writing nothing', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const stranger = await make.user()
    const recipe = await make.recipe({ owner })
    const token = await api.ok(createShareToken, { as: owner, body: { recipeId: recipe.id } })

    expect((await api.call(createShareToken, { as: stranger, body: { recipeId: recipe.id } })).status).toBe(404)
    expect((await api.call(getShareToken, { as: stranger, params: { id: token.id } })).status).toBe(404)
    expect((await api.call(deleteShareToken, { as: stranger, params: { id: token.id } })).status).toBe(404)
    expect(await api.ok(listShareTokens, { as: stranger })).toEqual([])
    expect(await api.ok(listShareTokens, { as: stranger, query: { recipe_id: recipe.id } })).toEqual([])
    for (const body of [{ recipeId: 'soup' }, { recipeId: recipe.id, expiresAt: 'soon' }, {}]) {
      expect((await api.call(createShareToken, { as: owner, body: body as never })).status).toBe(422)
    }
    expect((await api.call(listShareTokens, { as: owner, query: { recipe_id: 'soup' } })).status).toBe(422)
    expect(await tokenCount(recipe.id)).toBe(1)
  })

  it('opens an unexpired token of any group for a signed-out reader, and refuses an expired or unknown one', async () => {
    const { db, make } = testApp
    const service = createShareTokenService({ db, tokens: shareTokenRepo, groupRecipes: groupRecipeRepo })
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const [valid, expired] = await db
      .insert(recipeShareTokens)
      .values([
        { groupId: owner.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() + day) },
        { groupId: owner.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() - 1000) },
      ])
      .returning()
    expect(await service.openToken(valid!.id)).toEqual({ recipeId: recipe.id, groupId: owner.groupId })
    await expect(service.openToken(expired!.id)).rejects.toMatchObject({ statusCode: 404, message: 'Token Not Found' })
    await expect(service.openToken('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ statusCode: 404 })
  })

  it('opens the whole recipe to anyone holding a valid token, signed out, and to no one once it expires or is revoked', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const soup = await make.recipe({ owner, name: `Shared soup ${Date.now()}` })
    const token = await api.ok(createShareToken, { as: owner, body: { recipeId: soup.id } })

    const shared = await api.ok(getSharedRecipe, { params: { token: token.id } })
    expect(shared).toMatchObject({ id: soup.id, name: soup.name, slug: soup.slug, recipeIngredient: [] })

    const expired = await api.ok(createShareToken, {
      as: owner,
      body: { recipeId: soup.id, expiresAt: new Date(Date.now() - day).toISOString() },
    })
    expect((await api.call(getSharedRecipe, { params: { token: expired.id } })).status).toBe(404)
    await api.ok(deleteShareToken, { as: owner, params: { id: token.id } })
    expect((await api.call(getSharedRecipe, { params: { token: token.id } })).status).toBe(404)
  })

  it('keeps every token of parallel shares', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => api.ok(createShareToken, { as: owner, body: { recipeId: recipe.id } })),
    )
    expect(new Set(tokens.map((token) => token.id)).size).toBe(10)
    expect(await tokenCount(recipe.id)).toBe(10)
  })
})

describe('household recipe data', () => {
  it("answers the caller's household's own last-made of a recipe of the group, and 404 outside the group", async () => {
    const { api, make, db } = await createTestApp()
    const owner = await make.user()
    const otherHousehold = await make.household({ groupId: owner.groupId })
    const neighbour = await make.user({ householdId: otherHousehold.id })
    const stranger = await make.user()
    const recipe = await make.recipe({ owner, name: 'Fish Pie' })
    await db.insert(householdRecipeData).values({
      householdId: owner.householdId,
      recipeId: recipe.id,
      lastMade: new Date('2024-06-01T18:00:00Z'),
    })

    expect(await api.ok(getHouseholdRecipe, { as: owner, params: { slug: 'fish-pie' } })).toEqual({
      recipeId: recipe.id,
      lastMade: '2024-06-01T18:00:00.000Z',
    })
    // Another household of the group has not made it: its own record is empty.
    expect(await api.ok(getHouseholdRecipe, { as: neighbour, params: { slug: recipe.id } })).toEqual({
      recipeId: recipe.id,
      lastMade: null,
    })
    const foreign = await api.call(getHouseholdRecipe, { as: stranger, params: { slug: recipe.slug } })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ detail: { message: 'Recipe not found' } })
  })
})
