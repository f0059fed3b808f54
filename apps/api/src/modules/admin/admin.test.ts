import { AdminAboutInfo, CheckAppConfig, GroupInDB, HouseholdInDB, UserOut, paginated } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

async function asAdmin(testApp: TestApp) {
  const home = await testApp.make.group({ name: testApp.config.DEFAULT_GROUP })
  const family = await testApp.make.household({ groupId: home.id, name: testApp.config.DEFAULT_HOUSEHOLD })
  const admin = await testApp.make.user({ admin: true, householdId: family.id })
  const { authorization } = await testApp.signIn(admin.email, admin.password)
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) })
  return { admin, home, family, call }
}

describe('administration is for administrators', () => {
  it('refuses members with 403 and strangers with 401', async () => {
    const testApp = await createTestApp()
    const member = await testApp.make.user({ canManage: true, canManageHousehold: true, advanced: true })
    const { authorization } = await testApp.signIn(member.email, member.password)
    for (const url of ['/api/admin/users', '/api/admin/groups', '/api/admin/households', '/api/admin/about']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: { authorization } })).statusCode).toBe(403)
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    }
  })
})

describe('managing users', () => {
  it('creates a user in a group and household chosen by name, and moves them to another household', async () => {
    const testApp = await createTestApp()
    const { home, call } = await asAdmin(testApp)
    const created = await call('POST', '/api/admin/users', {
      username: 'sam',
      fullName: 'Sam Cook',
      email: 'Sam@Example.com',
      password: 'starting password',
      canOrganize: true,
    })
    expect(created.statusCode).toBe(201)
    const sam = UserOut.parse(created.json())
    expect(sam).toMatchObject({ group: 'Home', household: 'Family', canOrganize: true, email: 'sam@example.com' })

    const garden = await call('POST', '/api/admin/households', { groupId: home.id, name: 'Garden Flat' })
    expect(garden.statusCode).toBe(201)
    const moved = await call('PUT', `/api/admin/users/${sam.id}`, { ...sam, household: 'Garden Flat', advanced: true })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ household: 'Garden Flat', householdId: garden.json().id, advanced: true })
    await expect(testApp.signIn('sam', 'starting password')).resolves.toBeTruthy()

    const unknownHousehold = await call('PUT', `/api/admin/users/${sam.id}`, { ...sam, household: 'Nowhere' })
    expect(unknownHousehold.statusCode).toBe(400)
    const duplicate = await call('POST', '/api/admin/users', {
      username: 'sam2',
      fullName: 'Sam Two',
      email: 'sam@example.com',
      password: 'starting password',
    })
    expect(duplicate.statusCode).toBe(409)
  })

  it('makes an admin hold every flag, and lists users of every group with search', async () => {
    const testApp = await createTestApp()
    const { call } = await asAdmin(testApp)
    await testApp.make.user({ fullName: 'Zed Outsider' })
    const created = await call('POST', '/api/admin/users', {
      username: 'boss',
      fullName: 'Big Boss',
      email: 'boss@example.com',
      password: 'starting password',
      admin: true,
    })
    expect(created.json()).toMatchObject({ canManage: true, canInvite: true, canOrganize: true, advanced: true })
    const listed = paginated(UserOut).parse((await call('GET', '/api/admin/users?search=zed')).json())
    expect(listed.items.map((user) => user.fullName)).toEqual(['Zed Outsider'])
  })

  it('keeps an administrator from demoting or deleting themself, and keeps the last administrator', async () => {
    const testApp = await createTestApp()
    const { admin, call } = await asAdmin(testApp)
    const self = UserOut.parse((await call('GET', `/api/admin/users/${admin.id}`)).json())
    const demoted = await call('PUT', `/api/admin/users/${admin.id}`, { ...self, admin: false })
    expect(demoted.statusCode).toBe(403)
    expect(demoted.json().detail.message).toBe('you cannot demote yourself')
    expect((await call('DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(403)
    const [row] = await testApp.sql`select admin from users where id = ${admin.id}`
    expect(row?.admin).toBe(true)
  })

  it('deletes a user and answers what was deleted', async () => {
    const testApp = await createTestApp()
    const { call } = await asAdmin(testApp)
    const doomed = await testApp.make.user()
    const deleted = await call('DELETE', `/api/admin/users/${doomed.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json().id).toBe(doomed.id)
    expect((await call('GET', `/api/admin/users/${doomed.id}`)).statusCode).toBe(404)
  })

  it('unlocks expired locks, or every lock with force', async () => {
    const testApp = await createTestApp()
    const { call } = await asAdmin(testApp)
    const expired = await testApp.make.user()
    const fresh = await testApp.make.user()
    await testApp.sql`update users set failed_login_attempts = 5, locked_at = now() - interval '30 hours' where id = ${expired.id}`
    await testApp.sql`update users set failed_login_attempts = 5, locked_at = now() where id = ${fresh.id}`
    expect((await call('POST', '/api/admin/users/unlock')).json()).toEqual({ unlocked: 1 })
    expect((await call('POST', '/api/admin/users/unlock?force=true')).json()).toEqual({ unlocked: 1 })
    await expect(testApp.signIn(fresh.email, fresh.password)).resolves.toBeTruthy()
  })
})

describe('managing groups and households', () => {
  it('creates a group with its default household, renames it, and refuses to delete it while users remain', async () => {
    const testApp = await createTestApp()
    const { call } = await asAdmin(testApp)
    const created = await call('POST', '/api/admin/groups', { name: 'Second Kitchen' })
    expect(created.statusCode).toBe(201)
    const group = GroupInDB.parse(created.json())
    expect(group.households?.map((household) => household.name)).toEqual(['Family'])
    expect(group.preferences?.privateGroup).toBe(true)

    const renamed = await call('PUT', `/api/admin/groups/${group.id}`, {
      id: group.id,
      name: 'Other Kitchen',
      preferences: { privateGroup: false },
    })
    expect(renamed.json()).toMatchObject({
      name: 'Other Kitchen',
      slug: 'other-kitchen',
      preferences: { privateGroup: false },
    })

    const household = group.households![0]!
    const member = await testApp.make.user({ householdId: household.id })
    const refused = await call('DELETE', `/api/admin/groups/${group.id}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail.message).toBe('Cannot delete group with users')
    expect((await call('DELETE', `/api/admin/households/${household.id}`)).statusCode).toBe(400)

    await call('DELETE', `/api/admin/users/${member.id}`)
    expect((await call('DELETE', `/api/admin/groups/${group.id}`)).statusCode).toBe(200)
    expect((await call('GET', `/api/admin/groups/${group.id}`)).statusCode).toBe(404)
  })

  it('lists households of every group, and keeps a household in its group', async () => {
    const testApp = await createTestApp()
    const { home, family, call } = await asAdmin(testApp)
    const other = await testApp.make.group()
    await testApp.make.household({ groupId: other.id, name: 'Far Away' })
    const listed = paginated(HouseholdInDB).parse(
      (await call('GET', '/api/admin/households?orderBy=name&orderDirection=asc')).json(),
    )
    expect(listed.items.map((household) => household.name)).toEqual(['Family', 'Far Away'])
    const moved = await call('PUT', `/api/admin/households/${family.id}`, {
      id: family.id,
      groupId: other.id,
      name: 'X',
    })
    expect(moved.statusCode).toBe(400)
    const renamed = await call('PUT', `/api/admin/households/${family.id}`, {
      id: family.id,
      groupId: home.id,
      name: 'Main House',
      preferences: { firstDayOfWeek: 1 },
    })
    expect(renamed.json()).toMatchObject({ name: 'Main House', slug: 'main-house', preferences: { firstDayOfWeek: 1 } })
    expect(
      (await call('POST', '/api/admin/households', { groupId: '00000000-0000-4000-8000-000000000000', name: 'Y' }))
        .statusCode,
    ).toBe(404)
  })
})

describe('site settings', () => {
  it('reports facts, readiness and counts, and sends a test mail', async () => {
    const smtp = await startSmtpTestServer()
    const testApp = await createTestApp({ ...smtp.environment, BASE_URL: 'https://larder.example' })
    const { call } = await asAdmin(testApp)
    expect(AdminAboutInfo.parse((await call('GET', '/api/admin/about')).json())).toMatchObject({ dbType: 'postgres' })
    expect(CheckAppConfig.parse((await call('GET', '/api/admin/about/check')).json())).toMatchObject({
      emailReady: true,
      baseUrlSet: true,
      ldapReady: false,
      oidcReady: false,
    })
    expect((await call('GET', '/api/admin/about/statistics')).json()).toMatchObject({ totalUsers: 1, totalGroups: 1 })
    expect((await call('GET', '/api/admin/email')).json()).toEqual({ ready: true })
    expect((await call('POST', '/api/admin/email', { email: 'ops@example.com' })).json()).toEqual({
      success: true,
      error: null,
    })
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['ops@example.com']])
  })
})
