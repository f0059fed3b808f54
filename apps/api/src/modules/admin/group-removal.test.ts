import fs from 'node:fs/promises'
import {
  adminCreateGroup,
  adminDeleteGroup,
  adminDeleteHousehold,
  adminDeleteUser,
  adminGetUser,
  adminUpdateUser,
  deleteRecipe,
  updateRecipe,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { multipartForm, photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { households, recipes } from '../../db/schema/index.js'
import { recipeAssetsDirectory, recipeImagesDirectory, recipeMediaDirectory } from '../../lib/media-paths.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-group-removal-${process.pid}`
afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function upload(
  testApp: TestApp,
  as: User,
  method: 'PUT' | 'POST',
  url: string,
  form: ReturnType<typeof multipartForm>,
) {
  const answer = await testApp.app.inject({
    method,
    url,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
  expect(answer.statusCode, answer.body).toBe(200)
}

/**
 * Deleting a group or a household cascades its rows but cannot reach files, so no delete may succeed while the group
 * still has a recipe: the recipe's media folder would stay behind. The rules that keep it so: a recipe's owner is a
 * member of its group and household (owners change only within the group, members who own recipes neither leave the
 * group nor go), and a group or household with members is not deleted. The database backs the household half:
 * recipes.household_id and recipes.user_id are ON DELETE RESTRICT.
 */
describe('an administrator deletes a group whose recipe has pictures and attachments', () => {
  it('refuses every way around the recipe, and deletes the group once the recipe, and with it its folder, is gone', async () => {
    const testApp = await createTestApp({ DATA_DIR: dataDirectory })
    const { api, make } = testApp
    const home = await make.household()
    const admin = await make.user({ admin: true, householdId: home.id })
    const group = await api.ok(adminCreateGroup, { as: admin, body: { name: 'Closing Kitchen' } })
    const household = group.households![0]!
    const cook = await make.user({ householdId: household.id })
    const recipe = await make.recipe({ owner: cook })
    const picture = await photo(40, 30).png().toBuffer()
    await upload(
      testApp,
      cook,
      'PUT',
      `/api/recipes/${recipe.slug}/image`,
      multipartForm([{ name: 'image', fileName: 'a.png', content: picture }]),
    )
    await upload(
      testApp,
      cook,
      'POST',
      `/api/recipes/${recipe.slug}/assets`,
      multipartForm([
        { name: 'name', value: 'Card' },
        { name: 'icon', value: 'mdi-file' },
        { name: 'extension', value: 'pdf' },
        { name: 'file', fileName: 'card.pdf', content: Buffer.from('%PDF-1.4 a recipe card') },
      ]),
    )
    await fs.stat(recipeImagesDirectory(dataDirectory, recipe.id))
    await fs.stat(recipeAssetsDirectory(dataDirectory, recipe.id))

    const refusedGroup = await api.call(adminDeleteGroup, { as: admin, params: { id: group.id } })
    expect(refusedGroup.status).toBe(400)
    expect((await api.call(adminDeleteHousehold, { as: admin, params: { id: household.id } })).status).toBe(400)
    // The owner can neither go nor move out of the group, and the recipe cannot be handed to another group's member.
    expect((await api.call(adminDeleteUser, { as: admin, params: { id: cook.id } })).status).toBe(409)
    const cookOut = await api.ok(adminGetUser, { as: admin, params: { id: cook.id } })
    const adminOut = await api.ok(adminGetUser, { as: admin, params: { id: admin.id } })
    const moved = await api.call(adminUpdateUser, {
      as: admin,
      params: { id: cook.id },
      body: { ...cookOut, group: adminOut.group, household: adminOut.household },
    })
    expect(moved.status).toBe(409)
    const handedOver = await api.call(updateRecipe, {
      as: cook,
      params: { slug: recipe.slug },
      body: { name: recipe.name, userId: admin.id },
    })
    expect(handedOver.status).toBe(422)
    await fs.stat(recipeMediaDirectory(dataDirectory, recipe.id))

    await api.ok(deleteRecipe, { as: cook, params: { slug: recipe.slug } })
    await expect(fs.stat(recipeMediaDirectory(dataDirectory, recipe.id))).rejects.toThrow()
    await api.ok(adminDeleteUser, { as: admin, params: { id: cook.id } })
    expect((await api.call(adminDeleteGroup, { as: admin, params: { id: group.id } })).status).toBe(200)
  })
})

describe('a delete whose check raced with another request', () => {
  it('answers 409 and deletes nothing when a row still points at the household', async () => {
    const testApp = await createTestApp({ DATA_DIR: dataDirectory })
    const admin = await testApp.make.user({ admin: true })
    const owner = await testApp.make.user()
    const emptied = await testApp.make.household({ groupId: owner.groupId })
    // What a member joining between the check for members and the delete leaves behind: a recipe of the household
    // whose owner the check did not count. Written straight to the database, since the API never makes one.
    const recipe = await testApp.make.recipe({ owner: { ...owner, householdId: emptied.id } })

    const answer = await testApp.api.call(adminDeleteHousehold, { as: admin, params: { id: emptied.id } })
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ detail: { error: true } })
    const [stillThere] = await testApp.db.select().from(households).where(eq(households.id, emptied.id))
    expect(stillThere?.id).toBe(emptied.id)
    const [kept] = await testApp.db.select().from(recipes).where(eq(recipes.id, recipe.id))
    expect(kept?.householdId).toBe(emptied.id)
  })
})
