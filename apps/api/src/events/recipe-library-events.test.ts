import {
  categoryEndpoints,
  createCookbook,
  createFood,
  createRecipe,
  deleteRecipe,
  patchRecipe,
  tagEndpoints,
} from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { multipartForm } from '../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../test/test-app.js'
import { eventsAfter } from './outbox.js'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})

/** A member allowed to organize, in a group of their own: its outbox holds only what the test did. */
async function organizer() {
  return testApp.make.user({ canOrganize: true })
}

const eventsOf = async (groupId: string) =>
  (await eventsAfter(testApp.db, groupId, 0, 100)).map(({ version, type, document, householdId, actorId }) => ({
    version,
    type,
    document,
    householdId,
    actorId,
  }))

describe('the recipe library publishes its changes', () => {
  it('announces a recipe created, edited and deleted, in order, by whom, for its household', async () => {
    const { api } = testApp
    const cook = await organizer()
    const slug = await api.ok(createRecipe, { as: cook, body: { name: 'Leek soup' } })
    const recipe = await api.ok(patchRecipe, { as: cook, params: { slug }, body: { description: 'Green' } })
    await api.ok(deleteRecipe, { as: cook, params: { slug } })

    const document = { recipeId: recipe.id, recipeSlug: 'leek-soup' }
    const by = { householdId: cook.householdId, actorId: cook.id }
    expect(await eventsOf(cook.groupId)).toEqual([
      { version: 1, type: 'recipe.created', document, ...by },
      { version: 2, type: 'recipe.updated', document, ...by },
      { version: 3, type: 'recipe.deleted', document, ...by },
    ])
  })

  it('announces nothing for a change that was refused and rolled back', async () => {
    const { api } = testApp
    const cook = await organizer()
    const slug = await api.ok(createRecipe, { as: cook, body: { name: 'Stew' } })
    // An owner of no group member: the transaction ends in a 422, and nothing of it is kept, its event included.
    const refused = await api.call(patchRecipe, {
      as: cook,
      params: { slug },
      body: { description: 'Changed', userId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(refused.status).toBe(422)
    expect((await eventsOf(cook.groupId)).map((event) => event.type)).toEqual(['recipe.created'])
  })

  it('announces tags, categories, foods and cookbooks, each with its ids', async () => {
    const { api } = testApp
    const cook = await organizer()
    const tag = await api.ok(tagEndpoints.create, { as: cook, body: { name: 'Quick' } })
    await api.ok(tagEndpoints.update, { as: cook, params: { id: tag.id }, body: { name: 'Speedy' } })
    const category = await api.ok(categoryEndpoints.create, { as: cook, body: { name: 'Soups' } })
    await api.ok(categoryEndpoints.remove, { as: cook, params: { id: category.id } })
    const food = await api.ok(createFood, { as: cook, body: { name: 'leek' } })
    const cookbook = await api.ok(createCookbook, { as: cook, body: { name: 'Weeknights' } })

    expect(await eventsOf(cook.groupId)).toEqual([
      {
        version: 1,
        type: 'tag.created',
        document: { tagId: tag.id, tagSlug: 'quick' },
        householdId: null,
        actorId: cook.id,
      },
      {
        version: 2,
        type: 'tag.updated',
        document: { tagId: tag.id, tagSlug: 'speedy' },
        householdId: null,
        actorId: cook.id,
      },
      {
        version: 3,
        type: 'category.created',
        document: { categoryId: category.id, categorySlug: 'soups' },
        householdId: null,
        actorId: cook.id,
      },
      {
        version: 4,
        type: 'category.deleted',
        document: { categoryId: category.id, categorySlug: 'soups' },
        householdId: null,
        actorId: cook.id,
      },
      { version: 5, type: 'food.created', document: { foodId: food.id }, householdId: null, actorId: cook.id },
      {
        version: 6,
        type: 'cookbook.created',
        document: { cookbookId: cookbook.id, cookbookSlug: 'weeknights' },
        householdId: cook.householdId,
        actorId: cook.id,
      },
    ])
  })

  it('announces a recipe imported from a zip once it is in, as any other new recipe', async () => {
    const cook = await organizer()
    const recipe = await testApp.make.recipe({ owner: cook, name: 'Round Trip' })
    const authorization = testApp.api.authorization(cook)
    const exported = await testApp.app.inject({
      url: `/api/recipes/${recipe.slug}/exports/zip`,
      headers: { authorization },
    })
    const form = multipartForm([
      { name: 'archive', fileName: 'recipe.zip', content: exported.rawPayload, contentType: 'application/zip' },
    ])
    const imported = await testApp.app.inject({
      method: 'POST',
      url: '/api/recipes/create/zip',
      headers: { ...form.headers, authorization },
      payload: form.payload,
    })
    expect(imported.statusCode).toBe(201)
    const events = await eventsOf(cook.groupId)
    expect(events).toEqual([
      {
        version: 1,
        type: 'recipe.created',
        document: { recipeId: expect.any(String), recipeSlug: 'round-trip-1' },
        householdId: cook.householdId,
        actorId: cook.id,
      },
    ])
  })
})
