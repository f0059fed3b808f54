import {
  createInvitation,
  emailInvitation,
  getHouseholdPreferences,
  getOwnHousehold,
  listHouseholdMembers,
  listInvitations,
  registerUser,
  setMemberPermissions,
  updateHouseholdPreferences,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp } from '../../../test/test-app.js'
import { hashToken } from '../../lib/token-hash.js'

describe('own household', () => {
  it('describes the household with its members and lists them with the pagination envelope', async () => {
    const { api, make } = await createTestApp()
    const household = await make.household({ name: 'Upstairs' })
    const first = await make.user({ householdId: household.id, fullName: 'Ann' })
    await make.user({ householdId: household.id, fullName: 'Bea' })
    await make.user({ fullName: 'Elsewhere' })

    const self = await api.ok(getOwnHousehold, { as: first })
    expect(self.name).toBe('Upstairs')
    expect(self.users.map((user) => user.fullName)).toEqual(['Ann', 'Bea'])

    const members = await api.ok(listHouseholdMembers, {
      as: first,
      query: { orderBy: 'full_name', orderDirection: 'asc', perPage: 1 },
    })
    expect(members).toMatchObject({ page: 1, per_page: 1, total: 2, total_pages: 2, previous: null })
    expect(members.items[0]?.fullName).toBe('Ann')
    expect(members.next).toContain('page=2')
  })
})

describe('household preferences', () => {
  it('are read by every member and replaced only with the manage-household permission', async () => {
    const { api, make } = await createTestApp()
    const household = await make.household()
    const member = await make.user({ householdId: household.id })
    const manager = await make.user({ householdId: household.id, canManageHousehold: true })

    expect((await api.ok(getHouseholdPreferences, { as: member })).firstDayOfWeek).toBe(0)

    const refused = await api.call(updateHouseholdPreferences, { as: member, body: { firstDayOfWeek: 1 } })
    expect(refused.status).toBe(403)

    const replaced = await api.call(updateHouseholdPreferences, {
      as: manager,
      body: { firstDayOfWeek: 1, privateHousehold: false },
    })
    expect(replaced.status).toBe(200)
    // A full replace: omitted fields go back to their defaults.
    expect(replaced.body).toMatchObject({ firstDayOfWeek: 1, privateHousehold: false, recipeDisableAmount: true })

    const invalid = await api.call(updateHouseholdPreferences, { as: manager, body: { firstDayOfWeek: 9 } })
    expect(invalid.status).toBe(422)
  })
})

describe('member permissions', () => {
  it('lets a manager set the flags of another member of the same household only', async () => {
    const { api, make } = await createTestApp()
    const household = await make.household()
    const manager = await make.user({ householdId: household.id, canManage: true })
    const member = await make.user({ householdId: household.id })
    const neighbour = await make.user({ householdId: (await make.household({ groupId: household.groupId })).id })
    const set = (userId: string, flags: Record<string, boolean> = {}) =>
      api.call(setMemberPermissions, { as: manager, body: { userId, ...flags } })

    const granted = await set(member.id, { canInvite: true, canOrganize: true })
    expect(granted.status).toBe(200)
    expect(granted.body).toMatchObject({ id: member.id, canInvite: true, canOrganize: true, canManage: false })
    expect((await set(neighbour.id, { canInvite: true })).status).toBe(403)
    expect((await set(manager.id, { canInvite: true })).status).toBe(403)
    expect((await set('00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('refuses members without the manage permission', async () => {
    const { api, make } = await createTestApp()
    const household = await make.household()
    const plain = await make.user({ householdId: household.id })
    const other = await make.user({ householdId: household.id })
    const response = await api.call(setMemberPermissions, { as: plain, body: { userId: other.id, canManage: true } })
    expect(response.status).toBe(403)
  })
})

describe('invitations', () => {
  it('need the invite permission to list, create and mail', async () => {
    const { api, make } = await createTestApp()
    const plain = await make.user()
    expect((await api.call(listInvitations, { as: plain })).status).toBe(403)
    expect((await api.call(createInvitation, { as: plain, body: {} })).status).toBe(403)
  })

  it('mails a registration link for an invitation of the own household only', async () => {
    const smtp = await startSmtpTestServer()
    const { api, make } = await createTestApp({ ...smtp.environment, BASE_URL: 'http://larder.test' })
    const inviter = await make.user({ canInvite: true })
    const stranger = await make.user({ canInvite: true })
    const { token } = await api.ok(createInvitation, { as: inviter, body: { uses: 3 } })
    // Only a hash is stored, so the token is answered once, at creation; the list shows the invitation without it.
    expect(await api.ok(listInvitations, { as: inviter })).toEqual([
      expect.objectContaining({ token: '', usesLeft: 3 }),
    ])

    const sent = await api.ok(emailInvitation, { as: inviter, body: { email: 'friend@example.com', token } })
    expect(sent).toEqual({ success: true, error: null })
    expect(smtp.linkTo('friend@example.com', 'http://larder.test/register?token=')).toBe(
      `http://larder.test/register?token=${token}`,
    )

    const foreign = await api.call(emailInvitation, { as: stranger, body: { email: 'friend@example.com', token } })
    expect(foreign.status).toBe(404)
    expect(smtp.mails).toHaveLength(1)
  })

  it('stores invitation tokens hashed, and a hashed token still lets people join', async () => {
    const { api, make, sql } = await createTestApp()
    const inviter = await make.user({ canInvite: true })
    const { token } = await api.ok(createInvitation, { as: inviter, body: { uses: 2 } })
    expect(token).toMatch(/^[\w-]{32}$/)
    const rows = await sql`select token_hash from invite_tokens`
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(token)])

    const joined = await api.ok(registerUser, {
      body: {
        groupToken: token,
        email: 'joiner@example.com',
        username: 'joiner',
        fullName: 'Joiner',
        password: 'a long password',
        passwordConfirm: 'a long password',
      },
    })
    expect(joined).toMatchObject({ householdId: inviter.householdId })
    // A stored hash presented as a token is worth nothing.
    const withHash = await api.call(registerUser, {
      body: {
        groupToken: hashToken(token),
        email: 'other@example.com',
        username: 'other',
        fullName: 'Other',
        password: 'a long password',
        passwordConfirm: 'a long password',
      },
    })
    expect(withHash.status).toBe(400)
  })
})
