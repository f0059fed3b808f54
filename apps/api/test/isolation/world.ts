import { randomBytes } from 'node:crypto'
import type { TestApp } from '../test-app.js'

/** The flags a caller may hold; `plain` holds none. */
export const roles = [
  'plain',
  'advanced',
  'canInvite',
  'canOrganize',
  'canManageHousehold',
  'canManage',
  'admin',
] as const
export type Role = (typeof roles)[number]

export interface WorldUser {
  id: string
  email: string
  username: string
  password: string
  role: Role
  groupId: string
  householdId: string
  authorization: string
}

export interface World {
  groups: {
    id: string
    name: string
    households: { id: string; slug: string; name: string }[]
    /** One recipe per household, owned by its plain member. */
    recipeIds: string[]
  }[]
  users: WorldUser[]
  /** Every id of one group's rows, to prove none of them reaches a member of the other group. */
  idsOfGroup(groupId: string): string[]
  /** Someone else in the caller's household without flags (or with canInvite when the caller is the plain one). */
  householdmateOf(caller: WorldUser): WorldUser
}

/** Two groups × two households × one user per role (the permission matrix of docs/architecture.md "Tests"). */
export async function buildWorld(testApp: TestApp): Promise<World> {
  const groups: World['groups'] = []
  const users: WorldUser[] = []
  for (const groupLabel of ['A', 'B']) {
    const group = await testApp.make.group({ name: `Group ${groupLabel} ${randomBytes(2).toString('hex')}` })
    const households: World['groups'][number]['households'] = []
    for (const householdLabel of ['1', '2']) {
      const household = await testApp.make.household({
        groupId: group.id,
        name: `House ${groupLabel}${householdLabel}`,
      })
      households.push({ id: household.id, slug: household.slug, name: household.name })
      for (const role of roles) {
        const flags = role === 'plain' ? {} : { [role]: true }
        const user = await testApp.make.user({ householdId: household.id, ...flags })
        const { authorization } = await testApp.signIn(user.email, user.password)
        users.push({
          id: user.id,
          email: user.email,
          username: user.username!,
          password: user.password,
          role,
          groupId: group.id,
          householdId: household.id,
          authorization,
        })
      }
    }
    const recipeIds: string[] = []
    for (const household of households) {
      const owner = users.find((user) => user.householdId === household.id && user.role === 'plain')!
      recipeIds.push((await testApp.make.recipe({ owner, name: `World recipe ${household.name}` })).id)
    }
    groups.push({ id: group.id, name: group.name, households, recipeIds })
  }
  return {
    groups,
    users,
    idsOfGroup(groupId) {
      const group = groups.find((candidate) => candidate.id === groupId)!
      return [
        group.id,
        ...group.households.map((household) => household.id),
        ...group.recipeIds,
        ...users.filter((user) => user.groupId === groupId).map((user) => user.id),
      ]
    },
    householdmateOf(caller) {
      const wanted: Role = caller.role === 'plain' ? 'canInvite' : 'plain'
      return users.find((user) => user.householdId === caller.householdId && user.role === wanted)!
    },
  }
}
