import fs from 'node:fs/promises'
import path from 'node:path'
import { adminDeleteUser, createTimelineEvent, deleteUser, getRecipe, setUserRating } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { multipartForm, photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-user-removal-${process.pid}`
const exists = (folder: string) =>
  fs.stat(folder).then(
    () => true,
    () => false,
  )

async function withAdmin() {
  const testApp = await createTestApp({ DATA_DIR: dataDirectory })
  const home = await testApp.make.household()
  const admin = await testApp.make.user({ admin: true, householdId: home.id })
  const cook = await testApp.make.user({ householdId: home.id })
  const leaving = await testApp.make.user({ householdId: home.id })
  return { ...testApp, admin, cook, leaving }
}

/** A timeline event with a picture, as the recipe page's "made it" leaves one. */
async function picturedEvent(testApp: TestApp, as: User, recipeId: string): Promise<string> {
  const event = await testApp.api.ok(createTimelineEvent, {
    as,
    body: { recipeId, subject: 'Made it', eventType: 'info' },
  })
  const form = multipartForm([
    { name: 'image', fileName: 'made.jpg', content: await photo(64, 48).jpeg().toBuffer(), contentType: 'image/jpeg' },
  ])
  const upload = await testApp.app.inject({
    method: 'PUT',
    url: `/api/recipes/timeline/events/${event.id}/image`,
    payload: form.payload,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
  })
  expect(upload.statusCode, upload.body).toBe(200)
  return event.id
}

const timelineFolder = (recipeId: string, eventId: string) =>
  path.join(dataDirectory, 'media', 'recipes', recipeId, 'images', 'timeline', eventId)

describe('an administrator deletes a user', () => {
  it('recomputes the averages the user rated into, and removes the pictures of their timeline events', async () => {
    const testApp = await withAdmin()
    const { api, admin, cook, leaving } = testApp
    const shared = await testApp.make.recipe({ owner: cook, name: 'Shared Stew' })
    const theirs = await testApp.make.recipe({ owner: cook, name: 'Only They Rated' })
    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: shared.slug }, body: { rating: 2 } })
    await api.ok(setUserRating, { as: leaving, params: { id: leaving.id, slug: shared.slug }, body: { rating: 5 } })
    await api.ok(setUserRating, { as: leaving, params: { id: leaving.id, slug: theirs.slug }, body: { rating: 4 } })
    const rating = async (slug: string) => (await api.ok(getRecipe, { as: cook, params: { slug } })).rating
    expect(await rating(shared.slug)).toBe(3.5)
    expect(await rating(theirs.slug)).toBe(4)

    const leavingEvent = await picturedEvent(testApp, leaving, shared.id)
    const keptEvent = await picturedEvent(testApp, cook, shared.id)
    expect(await exists(timelineFolder(shared.id, leavingEvent))).toBe(true)

    const deleted = await api.call(adminDeleteUser, { as: admin, params: { id: leaving.id } })
    expect(deleted.status).toBe(200)
    expect(await rating(shared.slug)).toBe(2)
    expect(await rating(theirs.slug)).toBeNull()
    expect(await exists(timelineFolder(shared.id, leavingEvent))).toBe(false)
    expect(await exists(timelineFolder(shared.id, keptEvent))).toBe(true)
  })

  it('refuses with 409 to delete a user who owns recipes, through either route, and changes nothing', async () => {
    const testApp = await withAdmin()
    const { api, admin, cook, leaving } = testApp
    const recipe = await testApp.make.recipe({ owner: leaving, name: 'Their Soup' })
    await api.ok(setUserRating, { as: leaving, params: { id: leaving.id, slug: recipe.slug }, body: { rating: 5 } })
    const event = await picturedEvent(testApp, leaving, recipe.id)
    for (const endpoint of [adminDeleteUser, deleteUser]) {
      const refused = await api.call(endpoint, { as: admin, params: { id: leaving.id } })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({
        detail: { message: 'This user owns 1 recipe: give them to another user before deleting the account' },
      })
    }
    expect((await api.ok(getRecipe, { as: cook, params: { slug: recipe.slug } })).rating).toBe(5)
    expect(await exists(timelineFolder(recipe.id, event))).toBe(true)
  })
})
