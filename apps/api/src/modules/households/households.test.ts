import { HouseholdInDB, ReadHouseholdPreferences, UserOut, paginated } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createTestApp } from '../../../test/test-app.js'
import { hashToken } from '../../lib/token-hash.js'

describe('own household', () => {
  it('describes the household with its members and lists them with the pagination envelope', async () => {
    const { app, make, signIn } = await createTestApp()
    const household = await make.household({ name: 'Upstairs' })
    const first = await make.user({ householdId: household.id, fullName: 'Ann' })
    await make.user({ householdId: household.id, fullName: 'Bea' })
    await make.user({ fullName: 'Elsewhere' })
    const { authorization } = await signIn(first.email, first.password)

    const self = HouseholdInDB.parse(
      (await app.inject({ method: 'GET', url: '/api/households/self', headers: { authorization } })).json(),
    )
    expect(self.name).toBe('Upstairs')
    expect(self.users.map((user) => user.fullName)).toEqual(['Ann', 'Bea'])

    const members = paginated(UserOut).parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/households/members?orderBy=full_name&orderDirection=asc&perPage=1',
          headers: { authorization },
        })
      ).json(),
    )
    expect(members).toMatchObject({ page: 1, per_page: 1, total: 2, total_pages: 2, previous: null })
    expect(members.items[0]?.fullName).toBe('Ann')
    expect(members.next).toContain('page=2')
  })
})

describe('household preferences', () => {
  it('are read by every member and replaced only with the manage-household permission', async () => {
    const { app, make, signIn } = await createTestApp()
    const household = await make.household()
    const member = await make.user({ householdId: household.id })
    const manager = await make.user({ householdId: household.id, canManageHousehold: true })
    const memberAuth = (await signIn(member.email, member.password)).authorization
    const managerAuth = (await signIn(manager.email, manager.password)).authorization

    const read = await app.inject({
      method: 'GET',
      url: '/api/households/preferences',
      headers: { authorization: memberAuth },
    })
    expect(ReadHouseholdPreferences.parse(read.json()).firstDayOfWeek).toBe(0)

    const refused = await app.inject({
      method: 'PUT',
      url: '/api/households/preferences',
      headers: { authorization: memberAuth },
      payload: { firstDayOfWeek: 1 },
    })
    expect(refused.statusCode).toBe(403)

    const replaced = await app.inject({
      method: 'PUT',
      url: '/api/households/preferences',
      headers: { authorization: managerAuth },
      payload: { firstDayOfWeek: 1, privateHousehold: false },
    })
    expect(replaced.statusCode).toBe(200)
    // A full replace: omitted fields go back to their defaults.
    expect(replaced.json()).toMatchObject({ firstDayOfWeek: 1, privateHousehold: false, recipeDisableAmount: true })

    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/households/preferences',
      headers: { authorization: managerAuth },
      payload: { firstDayOfWeek: 9 },
    })
    expect(invalid.statusCode).toBe(422)
  })
})

describe('member permissions', () => {
  it('lets a manager set the flags of another member of the same household only', async () => {
    const { app, make, signIn } = await createTestApp()
    const household = await make.household()
    const manager = await make.user({ householdId: household.id, canManage: true })
    const member = await make.user({ householdId: household.id })
    const neighbour = await make.user({ householdId: (await make.household({ groupId: household.groupId })).id })
    const { authorization } = await signIn(manager.email, manager.password)
    const set = (userId: string, flags: Record<string, boolean> = {}) =>
      app.inject({
        method: 'PUT',
        url: '/api/households/permissions',
        headers: { authorization },
        payload: { userId, ...flags },
      })

    const granted = await set(member.id, { canInvite: true, canOrganize: true })
    expect(granted.statusCode).toBe(200)
    expect(granted.json()).toMatchObject({ id: member.id, canInvite: true, canOrganize: true, canManage: false })
    expect((await set(neighbour.id, { canInvite: true })).statusCode).toBe(403)
    expect((await set(manager.id, { canInvite: true })).statusCode).toBe(403)
    expect((await set('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })

  it('refuses members without the manage permission', async () => {
    const { app, make, signIn } = await createTestApp()
    const household = await make.household()
    const plain = await make.user({ householdId: household.id })
    const other = await make.user({ householdId: household.id })
    const { authorization } = await signIn(plain.email, plain.password)
    const response = await app.inject({
      method: 'PUT',
      url: '/api/households/permissions',
      headers: { authorization },
      payload: { userId: other.id, canManage: true },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('invitations', () => {
  it('need the invite permission to list, create and mail', async () => {
    const { app, make, signIn } = await createTestApp()
    const plain = await make.user()
    const { authorization } = await signIn(plain.email, plain.password)
    expect(
      (await app.inject({ method: 'GET', url: '/api/households/invitations', headers: { authorization } })).statusCode,
    ).toBe(403)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/households/invitations',
          headers: { authorization },
          payload: {},
        })
      ).statusCode,
    ).toBe(403)
  })

  it('mails a registration link for an invitation of the own household only', async () => {
    const smtp = await startSmtpTestServer()
    const { app, make, signIn } = await createTestApp({ ...smtp.environment, BASE_URL: 'http://larder.test' })
    const inviter = await make.user({ canInvite: true })
    const stranger = await make.user({ canInvite: true })
    const inviterAuth = (await signIn(inviter.email, inviter.password)).authorization
    const strangerAuth = (await signIn(stranger.email, stranger.password)).authorization
    const { token } = (
      await app.inject({
        method: 'POST',
        url: '/api/households/invitations',
        headers: { authorization: inviterAuth },
        payload: { uses: 3 },
      })
    ).json()
    const listed = await app.inject({
      method: 'GET',
      url: '/api/households/invitations',
      headers: { authorization: inviterAuth },
    })
    // Only a hash is stored, so the token is answered once, at creation; the list shows the invitation without it.
    expect(listed.json()).toEqual([expect.objectContaining({ token: '', usesLeft: 3 })])

    const sent = await app.inject({
      method: 'POST',
      url: '/api/households/invitations/email',
      headers: { authorization: inviterAuth },
      payload: { email: 'friend@example.com', token },
    })
    expect(sent.json()).toEqual({ success: true, error: null })
    expect(smtp.linkTo('friend@example.com', 'http://larder.test/register?token=')).toBe(
      `http://larder.test/register?token=${token}`,
    )

    const foreign = await app.inject({
      method: 'POST',
      url: '/api/households/invitations/email',
      headers: { authorization: strangerAuth },
      payload: { email: 'friend@example.com', token },
    })
    expect(foreign.statusCode).toBe(404)
    expect(smtp.mails).toHaveLength(1)
  })

  it('stores invitation tokens hashed, and a hashed token still lets people join', async () => {
    const { app, make, signIn, sql } = await createTestApp()
    const inviter = await make.user({ canInvite: true })
    const { authorization } = await signIn(inviter.email, inviter.password)
    const created = await app.inject({
      method: 'POST',
      url: '/api/households/invitations',
      headers: { authorization },
      payload: { uses: 2 },
    })
    const { token } = created.json<{ token: string }>()
    expect(token).toMatch(/^[\w-]{32}$/)
    const rows = await sql`select token_hash from invite_tokens`
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(token)])

    const joined = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        groupToken: token,
        email: 'joiner@example.com',
        username: 'joiner',
        fullName: 'Joiner',
        password: 'a long password',
        passwordConfirm: 'a long password',
      },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    expect(joined.json()).toMatchObject({ householdId: inviter.householdId })
    // A stored hash presented as a token is worth nothing.
    const withHash = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        groupToken: hashToken(token),
        email: 'other@example.com',
        username: 'other',
        fullName: 'Other',
        password: 'a long password',
        passwordConfirm: 'a long password',
      },
    })
    expect(withHash.statusCode).toBe(400)
  })
})
