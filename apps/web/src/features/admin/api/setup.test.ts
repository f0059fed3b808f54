import {
  adminUpdateGroup,
  changePassword,
  getHouseholdPreferences,
  getSelf,
  signIn,
  updateHouseholdPreferences,
  updateUser,
  type ReadHouseholdPreferences,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeUser } from '@/test/render'
import { completeSetup, type SetupValues } from './setup'

const admin = makeUser({ admin: true, canManageHousehold: true })
const firstRunHousehold: ReadHouseholdPreferences = {
  id: '00000000-0000-4000-8000-0000000000b1',
  privateHousehold: true,
  lockRecipeEditsFromOtherHouseholds: true,
  firstDayOfWeek: 1,
  recipePublic: false,
  recipeShowNutrition: true,
  recipeShowAssets: false,
  recipeLandscapeView: false,
  recipeDisableComments: false,
  recipeDisableAmount: true,
}

const values: SetupValues = {
  fullName: 'Ada Admin',
  username: 'ada',
  email: 'ada@example.com',
  currentPassword: 'MyPassword',
  newPassword: 'a long new password',
  groupName: 'Home',
  privateGroup: false,
  publicHousehold: true,
  publicRecipes: true,
}

function serveSetup() {
  return fakeServer()
    .answer(updateUser, { body: { message: 'ok' } })
    .answer(adminUpdateGroup, {
      body: {
        id: admin.groupId,
        name: 'Home',
        slug: 'home',
        preferences: null,
        categories: [],
        webhooks: [],
        households: null,
        users: null,
      },
    })
    .answer(getHouseholdPreferences, { body: firstRunHousehold })
    .answer(updateHouseholdPreferences, (request) => ({ body: { ...firstRunHousehold, ...request.body } }))
    .answer(changePassword, { body: { message: 'ok' } })
    .answer(signIn, { body: { access_token: 'token', token_type: 'bearer' } })
    .answer(getSelf, { body: admin })
}

describe('completing the first-run setup', () => {
  it('opens the household and its new recipes to visitors along with the group, keeping its other settings', async () => {
    const server = serveSetup()
    await completeSetup(admin, values)
    expect(server.calls(adminUpdateGroup)[0]!.body).toMatchObject({ preferences: { privateGroup: false } })
    const { id: _id, ...kept } = firstRunHousehold
    expect(server.calls(updateHouseholdPreferences).map((request) => request.body)).toEqual([
      { ...kept, privateHousehold: false, recipePublic: true },
    ])
  })

  it('keeps the household as asked: private, or public with recipes private until marked', async () => {
    const server = serveSetup()
    await completeSetup(admin, { ...values, publicHousehold: false, publicRecipes: false })
    expect(server.calls(updateHouseholdPreferences)[0]!.body).toMatchObject({
      privateHousehold: true,
      recipePublic: false,
    })
  })

  it('leaves the household alone when the group stays private', async () => {
    const server = serveSetup()
    await completeSetup(admin, { ...values, privateGroup: true })
    expect(server.calls(updateHouseholdPreferences)).toHaveLength(0)
  })
})
