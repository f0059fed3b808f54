import {
  adminCreateGroup,
  adminCreateHousehold,
  adminCreateUser,
  adminDeleteGroup,
  adminDeleteHousehold,
  adminDeleteUser,
  adminGetEmailReady,
  adminGetGroup,
  adminGetUser,
  adminListGroups,
  adminListHouseholds,
  adminListUsers,
  adminSendTestEmail,
  adminUnlockUsers,
  adminUpdateGroup,
  adminUpdateHousehold,
  adminUpdateUser,
  getAdminAbout,
  getAdminCheck,
  getAdminStatistics,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { categories, recipeCategories, recipeTags, tags } from '../../db/schema/index.js'

async function withAdmin(testApp: TestApp) {
  const home = await testApp.make.group({ name: testApp.config.DEFAULT_GROUP })
  const family = await testApp.make.household({ groupId: home.id, name: testApp.config.DEFAULT_HOUSEHOLD })
  const admin = await testApp.make.user({ admin: true, householdId: family.id })
  return { admin, home, family }
}

describe('administration is for administrators', () => {
  it('refuses members with 403 and strangers with 401', async () => {
    const { api, make } = await createTestApp()
    const member = await make.user({ canManage: true, canManageHousehold: true, advanced: true })
    for (const endpoint of [adminListUsers, adminListGroups, adminListHouseholds, getAdminAbout]) {
      expect((await api.call(endpoint, { as: member })).status).toBe(403)
      expect((await api.call(endpoint)).status).toBe(401)
    }
  })
})

describe('managing users', () => {
  it('creates a user in a group and household chosen by name, and moves them to another household', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin, home } = await withAdmin(testApp)
    // `ok` insists on a success status the contract declares: 201 is the only one here.
    const sam = await api.ok(adminCreateUser, {
      as: admin,
      body: {
        username: 'sam',
        fullName: 'Sam Cook',
        email: 'Sam@Example.com',
        password: 'starting password',
        canOrganize: true,
      },
    })
    expect(sam).toMatchObject({ group: 'Home', household: 'Family', canOrganize: true, email: 'sam@example.com' })

    const garden = await api.ok(adminCreateHousehold, { as: admin, body: { groupId: home.id, name: 'Garden Flat' } })
    const moved = await api.call(adminUpdateUser, {
      as: admin,
      params: { id: sam.id },
      body: { ...sam, household: 'Garden Flat', advanced: true },
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      household: 'Garden Flat',
      householdId: garden.id,
      advanced: true,
    })
    // The password the administrator chose is the one that signs in.
    await expect(testApp.signIn('sam', 'starting password')).resolves.toBeTruthy()

    const unknownHousehold = await api.call(adminUpdateUser, {
      as: admin,
      params: { id: sam.id },
      body: { ...sam, household: 'Nowhere' },
    })
    expect(unknownHousehold.status).toBe(400)
    const duplicate = await api.call(adminCreateUser, {
      as: admin,
      body: { username: 'sam2', fullName: 'Sam Two', email: 'sam@example.com', password: 'starting password' },
    })
    expect(duplicate.status).toBe(409)
  })

  it('makes an admin hold every flag, and lists users of every group with search', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    await testApp.make.user({ fullName: 'Zed Outsider' })
    const created = await api.ok(adminCreateUser, {
      as: admin,
      body: {
        username: 'boss',
        fullName: 'Big Boss',
        email: 'boss@example.com',
        password: 'starting password',
        admin: true,
      },
    })
    expect(created).toMatchObject({ canManage: true, canInvite: true, canOrganize: true, advanced: true })
    const listed = await api.ok(adminListUsers, { as: admin, query: { search: 'zed' } })
    expect(listed.items.map((user) => user.fullName)).toEqual(['Zed Outsider'])
  })

  it('keeps an administrator from demoting or deleting themself, and keeps the last administrator', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    const self = await api.ok(adminGetUser, { as: admin, params: { id: admin.id } })
    const demoted = await api.call(adminUpdateUser, {
      as: admin,
      params: { id: admin.id },
      body: { ...self, admin: false },
    })
    expect(demoted.status).toBe(403)
    expect(demoted.body).toMatchObject({ detail: { message: 'you cannot demote yourself' } })
    expect((await api.call(adminDeleteUser, { as: admin, params: { id: admin.id } })).status).toBe(403)
    const [row] = await testApp.sql`select admin from users where id = ${admin.id}`
    expect(row?.admin).toBe(true)
  })

  it('deletes a user and answers what was deleted', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    const doomed = await testApp.make.user()
    const deleted = await api.ok(adminDeleteUser, { as: admin, params: { id: doomed.id } })
    expect(deleted.id).toBe(doomed.id)
    expect((await api.call(adminGetUser, { as: admin, params: { id: doomed.id } })).status).toBe(404)
  })

  it('unlocks expired locks, or every lock with force', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    const expired = await testApp.make.user()
    const fresh = await testApp.make.user()
    await testApp.sql`update users set failed_login_attempts = 5, locked_at = now() - interval '30 hours' where id = ${expired.id}`
    await testApp.sql`update users set failed_login_attempts = 5, locked_at = now() where id = ${fresh.id}`
    expect(await api.ok(adminUnlockUsers, { as: admin })).toEqual({ unlocked: 1 })
    expect(await api.ok(adminUnlockUsers, { as: admin, query: { force: 'true' } })).toEqual({ unlocked: 1 })
    // Unlocked means signing in works again.
    await expect(testApp.signIn(fresh.email, fresh.password)).resolves.toBeTruthy()
  })
})

describe('managing groups and households', () => {
  it('creates a group with its default household, renames it, and refuses to delete it while users remain', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    const group = await api.ok(adminCreateGroup, { as: admin, body: { name: 'Second Kitchen' } })
    expect(group.households?.map((household) => household.name)).toEqual(['Family'])
    expect(group.preferences?.privateGroup).toBe(true)

    const renamed = await api.ok(adminUpdateGroup, {
      as: admin,
      params: { id: group.id },
      body: { id: group.id, name: 'Other Kitchen', preferences: { privateGroup: false } },
    })
    expect(renamed).toMatchObject({
      name: 'Other Kitchen',
      slug: 'other-kitchen',
      preferences: { privateGroup: false },
    })

    const household = group.households![0]!
    const member = await testApp.make.user({ householdId: household.id })
    const refused = await api.call(adminDeleteGroup, { as: admin, params: { id: group.id } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ detail: { message: 'Cannot delete group with users' } })
    expect((await api.call(adminDeleteHousehold, { as: admin, params: { id: household.id } })).status).toBe(400)

    await api.ok(adminDeleteUser, { as: admin, params: { id: member.id } })
    expect((await api.call(adminDeleteGroup, { as: admin, params: { id: group.id } })).status).toBe(200)
    expect((await api.call(adminGetGroup, { as: admin, params: { id: group.id } })).status).toBe(404)
  })

  it('lists households of every group, and keeps a household in its group', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { admin, home, family } = await withAdmin(testApp)
    const other = await testApp.make.group()
    await testApp.make.household({ groupId: other.id, name: 'Far Away' })
    const listed = await api.ok(adminListHouseholds, {
      as: admin,
      query: { orderBy: 'name', orderDirection: 'asc' },
    })
    expect(listed.items.map((household) => household.name)).toEqual(['Family', 'Far Away'])
    const moved = await api.call(adminUpdateHousehold, {
      as: admin,
      params: { id: family.id },
      body: { id: family.id, groupId: other.id, name: 'X' },
    })
    expect(moved.status).toBe(400)
    const renamed = await api.ok(adminUpdateHousehold, {
      as: admin,
      params: { id: family.id },
      body: { id: family.id, groupId: home.id, name: 'Main House', preferences: { firstDayOfWeek: 1 } },
    })
    expect(renamed).toMatchObject({ name: 'Main House', slug: 'main-house', preferences: { firstDayOfWeek: 1 } })
    const missingGroup = await api.call(adminCreateHousehold, {
      as: admin,
      body: { groupId: '00000000-0000-4000-8000-000000000000', name: 'Y' },
    })
    expect(missingGroup.status).toBe(404)
  })
})

describe('site settings', () => {
  it('counts every group’s recipes, those in no category and those with no tag', async () => {
    const testApp = await createTestApp()
    const { api, make, db } = testApp
    const { admin } = await withAdmin(testApp)
    const cook = await make.user()
    const stranger = await make.user()
    const [dessert] = await db
      .insert(categories)
      .values({ groupId: cook.groupId, name: 'Dessert', slug: 'dessert' })
      .returning()
    const [quick] = await db.insert(tags).values({ groupId: cook.groupId, name: 'Quick', slug: 'quick' }).returning()
    const sorted = await make.recipe({ owner: cook })
    const tagged = await make.recipe({ owner: cook })
    await make.recipe({ owner: cook })
    await make.recipe({ owner: stranger })
    await db.insert(recipeCategories).values({ recipeId: sorted.id, categoryId: dessert!.id })
    await db.insert(recipeTags).values([
      { recipeId: sorted.id, tagId: quick!.id },
      { recipeId: tagged.id, tagId: quick!.id },
    ])

    expect(await api.ok(getAdminStatistics, { as: admin })).toMatchObject({
      totalRecipes: 4,
      uncategorizedRecipes: 3,
      untaggedRecipes: 2,
    })
  })

  it('reports facts, readiness and counts, and sends a test mail', async () => {
    const smtp = await startSmtpTestServer()
    const testApp = await createTestApp({ ...smtp.environment, BASE_URL: 'https://larder.example' })
    const { api } = testApp
    const { admin } = await withAdmin(testApp)
    expect(await api.ok(getAdminAbout, { as: admin })).toMatchObject({ dbType: 'postgres' })
    expect(await api.ok(getAdminCheck, { as: admin })).toMatchObject({
      emailReady: true,
      baseUrlSet: true,
      ldapReady: false,
      oidcReady: false,
    })
    expect(await api.ok(getAdminStatistics, { as: admin })).toMatchObject({ totalUsers: 1, totalGroups: 1 })
    expect(await api.ok(adminGetEmailReady, { as: admin })).toEqual({ ready: true })
    expect(await api.ok(adminSendTestEmail, { as: admin, body: { email: 'ops@example.com' } })).toEqual({
      success: true,
      error: null,
    })
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['ops@example.com']])
  })
})
