import {
  getGroupHousehold,
  getGroupMember,
  getOwnGroup,
  listGroupHouseholds,
  listGroupMembers,
  updateGroupPreferences,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

describe('own group', () => {
  it('shows the group, its members and households, never another group’s', async () => {
    const { api, make } = await createTestApp()
    const group = await make.group({ name: 'Kitchen One' })
    const upstairs = await make.household({ groupId: group.id, name: 'Upstairs' })
    await make.household({ groupId: group.id, name: 'Downstairs' })
    const member = await make.user({ householdId: upstairs.id, username: 'ann' })
    await make.user({ username: 'outsider' })

    expect(await api.ok(getOwnGroup, { as: member })).toMatchObject({ name: 'Kitchen One', slug: 'kitchen-one' })
    const members = await api.ok(listGroupMembers, { as: member })
    expect(members.items.map((item) => item.username)).toEqual(['ann'])
    const households = await api.ok(listGroupHouseholds, {
      as: member,
      query: { orderBy: 'name', orderDirection: 'asc' },
    })
    expect(households.items.map((item) => item.name)).toEqual(['Downstairs', 'Upstairs'])
    expect((await api.ok(getGroupHousehold, { as: member, params: { householdSlug: 'upstairs' } })).id).toBe(
      upstairs.id,
    )
    expect((await api.ok(getGroupMember, { as: member, params: { usernameOrId: 'ann' } })).id).toBe(member.id)
    const outsider = await api.call(getGroupMember, { as: member, params: { usernameOrId: 'outsider' } })
    expect(outsider.status).toBe(404)
  })

  it('keeps a queryFilter inside the group', async () => {
    const { api, make } = await createTestApp()
    const member = await make.user()
    const outsider = await make.user()
    const escaping = await api.call(listGroupMembers, {
      as: member,
      query: { queryFilter: `group_id = "${outsider.groupId}" OR id = "${outsider.id}"` },
    })
    expect(escaping.status).toBe(200)
    expect(escaping.body).toMatchObject({ items: [] })
    const broken = await api.call(listGroupMembers, { as: member, query: { queryFilter: '(name = "x"' } })
    expect(broken.status).toBe(400)
  })
})

describe('group preferences', () => {
  it('change only with the manage permission', async () => {
    const { api, make } = await createTestApp()
    const group = await make.group()
    const household = await make.household({ groupId: group.id })
    const member = await make.user({ householdId: household.id })
    const manager = await make.user({ householdId: household.id, canManage: true })

    const refused = await api.call(updateGroupPreferences, { as: member, body: { privateGroup: false } })
    expect(refused.status).toBe(403)
    const changed = await api.call(updateGroupPreferences, { as: manager, body: { privateGroup: false } })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ privateGroup: false, groupId: group.id, id: group.id })
  })
})
