import {
  type BodyInputOf,
  createInvitation,
  getGroupPreferences,
  listGroupHouseholds,
  lookUpInvitation,
  registerUser,
  validateEmail,
  validateGroupName,
  validateUsername,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { inviteTokens } from '../../db/schema/index.js'
import { hashToken } from '../../lib/token-hash.js'

const person = {
  email: 'New.Cook@Example.com',
  username: 'NewCook',
  fullName: 'New Cook',
  password: 'long enough secret',
  passwordConfirm: 'long enough secret',
}

describe('registration', () => {
  it('is closed without an invitation while sign-up is off', async () => {
    const { api, sql } = await createTestApp({ ALLOW_SIGNUP: 'false' })
    const response = await api.call(registerUser, { body: { ...person, group: 'Mine' } })
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ detail: { message: 'User Registration is Disabled' } })
    const [row] =
      await sql`select (select count(*) from users)::int as users, (select count(*) from groups)::int as groups`
    expect(row).toEqual({ users: 0, groups: 0 })
  })

  it('starts a new group whose creator holds every group permission', async () => {
    const { api, signIn } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const user = await api.ok(registerUser, {
      body: { ...person, group: 'Cook Club', household: 'Upstairs', private: true },
    })
    expect(user).toMatchObject({
      email: 'new.cook@example.com',
      username: 'newcook',
      group: 'Cook Club',
      groupSlug: 'cook-club',
      household: 'Upstairs',
      admin: false,
      canInvite: true,
      canManage: true,
      canManageHousehold: true,
      canOrganize: true,
    })
    // The new account signs in with the password it registered with.
    const session = await signIn('newcook', person.password)
    const households = await api.ok(listGroupHouseholds, { as: session })
    expect(households.items.map((item) => item.name).sort()).toEqual(['Family', 'Upstairs'])
    expect((await api.ok(getGroupPreferences, { as: session })).privateGroup).toBe(true)
  })

  it('numbers a taken group name and refuses a taken username or email with 409', async () => {
    const { api } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    await api.ok(registerUser, { body: { ...person, group: 'Cook Club' } })
    const second = await api.ok(registerUser, {
      body: { ...person, email: 'other@example.com', username: 'other', group: 'Cook Club' },
    })
    expect(second.group).toBe('Cook Club (1)')
    const sameName = await api.call(registerUser, { body: { ...person, email: 'third@example.com', group: 'X' } })
    expect(sameName.status).toBe(409)
    expect(sameName.body).toMatchObject({ detail: { message: 'This username is already taken' } })
    const sameEmail = await api.call(registerUser, { body: { ...person, username: 'fourth', group: 'X' } })
    expect(sameEmail.status).toBe(409)
    expect(sameEmail.body).toMatchObject({ detail: { message: 'This email is already in use' } })
  })

  it('joins the inviting household without permissions, and spends the invitation', async () => {
    const { api, make, sql } = await createTestApp({ ALLOW_SIGNUP: 'false' })
    const inviter = await make.user({ canInvite: true })
    const { token, householdId, usesLeft } = await api.ok(createInvitation, { as: inviter, body: { uses: 1 } })
    expect({ householdId, usesLeft }).toEqual({ householdId: inviter.householdId, usesLeft: 1 })

    const joined = await api.ok(registerUser, { body: { ...person, groupToken: token, group: 'ignored' } })
    expect(joined).toMatchObject({
      householdId: inviter.householdId,
      groupId: inviter.groupId,
      canInvite: false,
      canManage: false,
      canOrganize: false,
      canManageHousehold: false,
    })
    const again = await api.call(registerUser, {
      body: { ...person, email: 'x@example.com', username: 'x', groupToken: token },
    })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ detail: { message: 'Invalid group token' } })
    const [row] = await sql`select count(*)::int as count from invite_tokens`
    expect(row?.count).toBe(0)
  })

  it('validates the form: mismatched passwords, missing group, short password, unknown locale', async () => {
    const { api, sql } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const cases: BodyInputOf<typeof registerUser>[] = [
      { ...person, group: 'G', passwordConfirm: 'different' },
      { ...person },
      { ...person, group: 'G', password: 'short', passwordConfirm: 'short' },
      // @ts-expect-error: an unknown locale, deliberately outside the contract
      { ...person, group: 'G', locale: 'xx-XX' },
      { ...person, group: 'G', email: 'nope' },
      { ...person, group: 'G', username: 'a'.repeat(101) },
    ]
    for (const body of cases) {
      const response = await api.call(registerUser, { body })
      expect(response.status, JSON.stringify(body)).toBe(422)
    }
    const [row] = await sql`select count(*)::int as count from users`
    expect(row?.count).toBe(0)
  })
})

describe('availability checks', () => {
  it('tells whether a username, email or group name is free', async () => {
    const { api, make } = await createTestApp()
    const user = await make.user({ username: 'Taken' })
    const group = await make.group({ name: 'Busy Kitchen' })
    const name = async (value: string) => (await api.ok(validateUsername, { query: { name: value } })).valid
    const email = async (value: string) => (await api.ok(validateEmail, { query: { email: value } })).valid
    const groupName = async (value: string) => (await api.ok(validateGroupName, { query: { name: value } })).valid
    expect(await name('taken')).toBe(false)
    expect(await name('free')).toBe(true)
    expect(await email(user.email.toUpperCase())).toBe(false)
    expect(await email('free@example.com')).toBe(true)
    expect(await groupName(group.name)).toBe(false)
    expect(await groupName('Fresh')).toBe(true)
    expect(await name('')).toBe(false)
  })
})

describe('the invitation a registration page names', () => {
  it('names the group and household of a usable invitation, and nothing else', async () => {
    const { api, make } = await createTestApp()
    const group = await make.group({ name: 'Lovelace Family' })
    const household = await make.household({ groupId: group.id, name: 'Upstairs Flat' })
    const inviter = await make.user({ householdId: household.id, canInvite: true })
    const { token } = await api.ok(createInvitation, { as: inviter, body: { uses: 2 } })

    const answer = await api.call(lookUpInvitation, { query: { token } })
    expect(answer.status).toBe(200)
    // Names only: no id of the group, the household or the inviter reaches someone without an account.
    expect(answer.body).toEqual({ group: 'Lovelace Family', household: 'Upstairs Flat' })
    expect(answer.headers['cache-control']).toBe('no-store')
    // Looking does not spend a use.
    const joined = await api.ok(registerUser, { body: { ...person, groupToken: token } })
    expect(joined.household).toBe('Upstairs Flat')
    expect((await api.call(lookUpInvitation, { query: { token } })).status).toBe(200)
  })

  it('answers one and the same 404 for a token that is unknown, spent or expired', async () => {
    const { api, make, db } = await createTestApp()
    const inviter = await make.user({ canInvite: true })
    const { token: spent } = await api.ok(createInvitation, { as: inviter, body: { uses: 1 } })
    await api.ok(registerUser, { body: { ...person, groupToken: spent } })
    const expired = 'expired-invitation-token'
    const usedUp = 'used-up-invitation-token'
    await db.insert(inviteTokens).values([
      {
        tokenHash: hashToken(expired),
        usesLeft: 1,
        groupId: inviter.groupId,
        householdId: inviter.householdId,
        expiresAt: new Date(Date.now() - 1000),
      },
      {
        tokenHash: hashToken(usedUp),
        usesLeft: 0,
        groupId: inviter.groupId,
        householdId: inviter.householdId,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ])

    const answers = await Promise.all(
      ['never-issued', spent, expired, usedUp].map((token) => api.call(lookUpInvitation, { query: { token } })),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(answers[0]!.body)
    }
    expect(answers[0]!.body).toMatchObject({ detail: { message: expect.stringMatching(/invitation is not valid/) } })
  })

  it('refuses a missing or overlong token with 422', async () => {
    const { api } = await createTestApp()
    expect((await api.call(lookUpInvitation, { query: { token: '' } })).status).toBe(422)
    expect((await api.call(lookUpInvitation, { query: { token: 'x'.repeat(201) } })).status).toBe(422)
  })
})
