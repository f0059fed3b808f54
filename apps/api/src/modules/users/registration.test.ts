import { UserOut } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

const person = {
  email: 'New.Cook@Example.com',
  username: 'NewCook',
  fullName: 'New Cook',
  password: 'long enough secret',
  passwordConfirm: 'long enough secret',
}

describe('registration', () => {
  it('is closed without an invitation while sign-up is off', async () => {
    const { app, sql } = await createTestApp({ ALLOW_SIGNUP: 'false' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, group: 'Mine' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().detail.message).toBe('User Registration is Disabled')
    const [row] =
      await sql`select (select count(*) from users)::int as users, (select count(*) from groups)::int as groups`
    expect(row).toEqual({ users: 0, groups: 0 })
  })

  it('starts a new group whose creator holds every group permission', async () => {
    const { app, signIn } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, group: 'Cook Club', household: 'Upstairs', private: true },
    })
    expect(response.statusCode).toBe(201)
    const user = UserOut.parse(response.json())
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
    const { authorization } = await signIn('newcook', person.password)
    const households = await app.inject({ method: 'GET', url: '/api/groups/households', headers: { authorization } })
    expect(
      households
        .json()
        .items.map((item: { name: string }) => item.name)
        .sort(),
    ).toEqual(['Family', 'Upstairs'])
    const preferences = await app.inject({ method: 'GET', url: '/api/groups/preferences', headers: { authorization } })
    expect(preferences.json().privateGroup).toBe(true)
  })

  it('numbers a taken group name and refuses a taken username or email with 409', async () => {
    const { app } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    await app.inject({ method: 'POST', url: '/api/users/register', payload: { ...person, group: 'Cook Club' } })
    const second = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, email: 'other@example.com', username: 'other', group: 'Cook Club' },
    })
    expect(second.json().group).toBe('Cook Club (1)')
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, email: 'third@example.com', group: 'X' },
    })
    expect(sameName.statusCode).toBe(409)
    expect(sameName.json().detail.message).toBe('This username is already taken')
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, username: 'fourth', group: 'X' },
    })
    expect(sameEmail.statusCode).toBe(409)
    expect(sameEmail.json().detail.message).toBe('This email is already in use')
  })

  it('joins the inviting household without permissions, and spends the invitation', async () => {
    const { app, make, signIn, sql } = await createTestApp({ ALLOW_SIGNUP: 'false' })
    const inviter = await make.user({ canInvite: true })
    const { authorization } = await signIn(inviter.email, inviter.password)
    const invitation = await app.inject({
      method: 'POST',
      url: '/api/households/invitations',
      headers: { authorization },
      payload: { uses: 1 },
    })
    expect(invitation.statusCode).toBe(201)
    const { token, householdId, usesLeft } = invitation.json()
    expect({ householdId, usesLeft }).toEqual({ householdId: inviter.householdId, usesLeft: 1 })

    const joined = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, groupToken: token, group: 'ignored' },
    })
    expect(joined.statusCode).toBe(201)
    expect(joined.json()).toMatchObject({
      householdId: inviter.householdId,
      groupId: inviter.groupId,
      canInvite: false,
      canManage: false,
      canOrganize: false,
      canManageHousehold: false,
    })
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...person, email: 'x@example.com', username: 'x', groupToken: token },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().detail.message).toBe('Invalid group token')
    const [row] = await sql`select count(*)::int as count from invite_tokens`
    expect(row?.count).toBe(0)
  })

  it('validates the form: mismatched passwords, missing group, short password, unknown locale', async () => {
    const { app, sql } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const cases = [
      { ...person, group: 'G', passwordConfirm: 'different' },
      { ...person },
      { ...person, group: 'G', password: 'short', passwordConfirm: 'short' },
      { ...person, group: 'G', locale: 'xx-XX' },
      { ...person, group: 'G', email: 'nope' },
      { ...person, group: 'G', username: 'a'.repeat(101) },
    ]
    for (const payload of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/users/register', payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(422)
    }
    const [row] = await sql`select count(*)::int as count from users`
    expect(row?.count).toBe(0)
  })
})

describe('availability checks', () => {
  it('tells whether a username, email or group name is free', async () => {
    const { app, make } = await createTestApp()
    const user = await make.user({ username: 'Taken' })
    const group = await make.group({ name: 'Busy Kitchen' })
    const check = async (url: string) => (await app.inject({ method: 'GET', url })).json().valid as boolean
    expect(await check('/api/validators/user/name?name=taken')).toBe(false)
    expect(await check('/api/validators/user/name?name=free')).toBe(true)
    expect(await check(`/api/validators/user/email?email=${encodeURIComponent(user.email.toUpperCase())}`)).toBe(false)
    expect(await check('/api/validators/user/email?email=free@example.com')).toBe(true)
    expect(await check(`/api/validators/group?name=${encodeURIComponent(group.name)}`)).toBe(false)
    expect(await check('/api/validators/group?name=Fresh')).toBe(true)
    expect(await check('/api/validators/user/name?name=')).toBe(false)
  })
})
