import {
  adminDeleteUser,
  adminUpdateGroup,
  adminUpdateHousehold,
  adminUpdateUser,
  createTimelineEvent,
  deleteTimelineEvent,
  getGroupPreferences,
  getHouseholdPreferences,
  getSelf,
  registerUser,
  updateGroupPreferences,
  updateHouseholdPreferences,
  updateTimelineEvent,
  updateUser,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'
import { eventsAfter } from './outbox.js'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const eventsOf = async (testApp: TestApp, groupId: string) =>
  (await eventsAfter(testApp.db, groupId, 0, 100)).map(({ type, document, householdId, actorId }) => ({
    type,
    document,
    householdId,
    actorId,
  }))

describe('people, groups, households and timelines publish their changes', () => {
  it('announces a sign-up to the household the person joined (Mealie’s user_signup)', async () => {
    const testApp = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const user = await testApp.api.ok(registerUser, {
      body: {
        email: 'new@example.com',
        username: 'newcook',
        fullName: 'New Cook',
        password: 'long enough secret',
        passwordConfirm: 'long enough secret',
        group: 'Cook Club',
      },
    })
    expect(await eventsOf(testApp, user.groupId)).toEqual([
      {
        type: 'user.signed-up',
        document: { userId: user.id, username: 'newcook', email: 'new@example.com' },
        householdId: user.householdId,
        actorId: user.id,
      },
    ])
  })

  it('announces profile edits, and an administrator’s edits and removals, to the user’s group', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const user = await make.user()
    const admin = await make.user({ admin: true })
    const self = await api.ok(getSelf, { as: user })
    await api.ok(updateUser, { as: user, params: { id: user.id }, body: { ...self, fullName: 'Ada' } })
    await api.ok(adminUpdateUser, {
      as: admin,
      params: { id: user.id },
      body: { ...self, id: user.id, fullName: 'Ada L.' },
    })
    await api.ok(adminDeleteUser, { as: admin, params: { id: user.id } })
    const document = { userId: user.id }
    expect(await eventsOf(testApp, user.groupId)).toEqual([
      { type: 'user.updated', document, householdId: null, actorId: user.id },
      { type: 'user.updated', document, householdId: null, actorId: admin.id },
      { type: 'user.deleted', document, householdId: null, actorId: admin.id },
    ])
  })

  it('announces group and household settings and names, changed by their members or an administrator', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const manager = await make.user({ canManage: true, canManageHousehold: true })
    const admin = await make.user({ admin: true })
    const groupPreferences = await api.ok(getGroupPreferences, { as: manager })
    await api.ok(updateGroupPreferences, { as: manager, body: { ...groupPreferences, privateGroup: true } })
    const householdPreferences = await api.ok(getHouseholdPreferences, { as: manager })
    await api.ok(updateHouseholdPreferences, { as: manager, body: { ...householdPreferences, firstDayOfWeek: 1 } })
    await api.ok(adminUpdateGroup, {
      as: admin,
      params: { id: manager.groupId },
      body: { id: manager.groupId, name: 'Renamed group' },
    })
    await api.ok(adminUpdateHousehold, {
      as: admin,
      params: { id: manager.householdId },
      body: { id: manager.householdId, groupId: manager.groupId, name: 'Renamed household' },
    })
    const group = { type: 'group.updated', document: { groupId: manager.groupId }, householdId: null }
    const household = {
      type: 'household.updated',
      document: { householdId: manager.householdId },
      householdId: manager.householdId,
    }
    expect(await eventsOf(testApp, manager.groupId)).toEqual([
      { ...group, actorId: manager.id },
      { ...household, actorId: manager.id },
      { ...group, actorId: null },
      { ...household, actorId: null },
    ])
  })

  it('announces timeline events added, changed and deleted, for the recipe’s household', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const event = await api.ok(createTimelineEvent, {
      as: owner,
      body: { recipeId: recipe.id, subject: 'Made it', eventType: 'info' },
    })
    await api.ok(updateTimelineEvent, { as: owner, params: { id: event.id }, body: { subject: 'Made it twice' } })
    await api.ok(deleteTimelineEvent, { as: owner, params: { id: event.id } })
    const document = { recipeId: recipe.id, recipeSlug: recipe.slug, timelineEventId: event.id }
    const by = { document, householdId: owner.householdId, actorId: owner.id }
    expect((await eventsOf(testApp, owner.groupId)).filter((row) => row.type.startsWith('recipe-timeline'))).toEqual([
      { type: 'recipe-timeline-event.created', ...by },
      { type: 'recipe-timeline-event.updated', ...by },
      { type: 'recipe-timeline-event.deleted', ...by },
    ])
  })
})
