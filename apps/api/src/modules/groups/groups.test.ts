import { GroupSummary, HouseholdSummary, UserSummary, paginated } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('own group', () => {
  it('shows the group, its members and households, never another group’s', async () => {
    const { app, make, signIn } = await createTestApp()
    const group = await make.group({ name: 'Kitchen One' })
    const upstairs = await make.household({ groupId: group.id, name: 'Upstairs' })
    await make.household({ groupId: group.id, name: 'Downstairs' })
    const member = await make.user({ householdId: upstairs.id, username: 'ann' })
    await make.user({ username: 'outsider' })
    const { authorization } = await signIn(member.email, member.password)
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: { authorization } })).json()

    expect(GroupSummary.parse(await get('/api/groups/self'))).toMatchObject({
      name: 'Kitchen One',
      slug: 'kitchen-one',
    })
    const members = paginated(UserSummary).parse(await get('/api/groups/members'))
    expect(members.items.map((item) => item.username)).toEqual(['ann'])
    const households = paginated(HouseholdSummary).parse(
      await get('/api/groups/households?orderBy=name&orderDirection=asc'),
    )
    expect(households.items.map((item) => item.name)).toEqual(['Downstairs', 'Upstairs'])
    expect(HouseholdSummary.parse(await get('/api/groups/households/upstairs')).id).toBe(upstairs.id)
    expect(UserSummary.parse(await get('/api/groups/members/ann')).id).toBe(member.id)
    const outsider = await app.inject({
      method: 'GET',
      url: '/api/groups/members/outsider',
      headers: { authorization },
    })
    expect(outsider.statusCode).toBe(404)
  })

  it('keeps a queryFilter inside the group', async () => {
    const { app, make, signIn } = await createTestApp()
    const member = await make.user()
    const outsider = await make.user()
    const { authorization } = await signIn(member.email, member.password)
    const response = await app.inject({
      method: 'GET',
      url: `/api/groups/members?queryFilter=${encodeURIComponent(`group_id = "${outsider.groupId}" OR id = "${outsider.id}"`)}`,
      headers: { authorization },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().items).toEqual([])
    const broken = await app.inject({
      method: 'GET',
      url: `/api/groups/members?queryFilter=${encodeURIComponent('(name = "x"')}`,
      headers: { authorization },
    })
    expect(broken.statusCode).toBe(400)
  })
})

describe('group preferences', () => {
  it('change only with the manage permission', async () => {
    const { app, make, signIn } = await createTestApp()
    const group = await make.group()
    const household = await make.household({ groupId: group.id })
    const member = await make.user({ householdId: household.id })
    const manager = await make.user({ householdId: household.id, canManage: true })
    const put = async (authorization: string, privateGroup: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/groups/preferences',
        headers: { authorization },
        payload: { privateGroup },
      })
    expect((await put((await signIn(member.email, member.password)).authorization, false)).statusCode).toBe(403)
    const changed = await put((await signIn(manager.email, manager.password)).authorization, false)
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toEqual({ privateGroup: false, groupId: group.id, id: group.id })
  })
})
