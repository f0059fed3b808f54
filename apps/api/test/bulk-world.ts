import { expect } from 'vitest'
import { multipartForm, photo } from './media-helpers.js'
import type { TestApp } from './test-app.js'

export type TestUser = Awaited<ReturnType<TestApp['make']['user']>>

/**
 * The people bulk actions and exports are tried with: a household of two cooks, a neighbouring household of the same
 * group, and a stranger of another group.
 */
export async function bulkWorld(testApp: TestApp) {
  const { make } = testApp
  const home = await make.household()
  const cook = await make.user({ householdId: home.id })
  const mate = await make.user({ householdId: home.id })
  const neighbour = await make.user({ householdId: (await make.household({ groupId: home.groupId })).id })
  const stranger = await make.user()
  return { home, cook, mate, neighbour, stranger }
}

/** Gives the recipe a picture through the real upload, so that its three sizes are on disk. */
export async function uploadRecipePicture(testApp: TestApp, owner: TestUser, slug: string) {
  const form = multipartForm([{ name: 'image', fileName: 'a.png', content: await photo(30, 20).png().toBuffer() }])
  const uploaded = await testApp.app.inject({
    method: 'PUT',
    url: `/api/recipes/${slug}/image`,
    headers: { ...form.headers, authorization: testApp.api.authorization(owner) },
    payload: form.payload,
  })
  expect(uploaded.statusCode).toBe(200)
}
