import type { GroupInDB, HouseholdInDB, UpdateHouseholdPreferences } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { badRequest } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import type { MemberService } from '../users/index.js'

/** Administrators' view of groups and households across the whole server: every read here is an `…Any…` one. */
export function createAdminTenancyService(deps: {
  db: Database
  groups: GroupService
  households: HouseholdService
  members: MemberService
  /** Removes a deleted group's files (its exports); its rows go by cascade. */
  removeGroupFiles: (groupId: string) => Promise<void>
}) {
  const { db, groups, households, members } = deps

  const groupInDb = async (groupId: string): Promise<GroupInDB> =>
    groups.anyInDb(groupId, await members.summariesOfAnyGroup(groupId))

  async function householdInDb(householdId: string): Promise<HouseholdInDB> {
    const household = await households.requireAny(householdId)
    const group = await groups.requireAny(household.groupId)
    return households.anyInDb(householdId, group.name)
  }

  return {
    groupInDb,
    householdInDb,

    listGroups(query: ListQuery): Promise<Page<GroupInDB>> {
      return groups.pageOfAny(query, '/admin/groups', (ids) => Promise.all(ids.map(groupInDb)))
    },

    async createGroup(name: string): Promise<GroupInDB> {
      const { group } = await groups.create(db, name, { privateGroup: true })
      return groupInDb(group.id)
    },

    async updateGroup(
      groupId: string,
      change: { id: string; name: string; preferences?: { privateGroup: boolean } | null },
    ) {
      if (change.id !== groupId) throw badRequest('The id in the body does not match the address')
      await groups.renameAny(groupId, change.name)
      if (change.preferences) await groups.updateAnyPreferences(groupId, change.preferences.privateGroup)
      return groupInDb(groupId)
    },

    async deleteGroup(groupId: string): Promise<GroupInDB> {
      const answer = await groupInDb(groupId)
      await groups.deleteAny(groupId)
      await deps.removeGroupFiles(groupId)
      return answer
    },

    async listHouseholds(query: ListQuery): Promise<Page<HouseholdInDB>> {
      const page = await households.pageOfAny(query, '/admin/households')
      return { ...page, items: await Promise.all(page.items.map((item) => householdInDb(item.id))) }
    },

    /** A household's privacy follows its group's when an administrator creates it (docs/mealie-compatibility.md "Administration"). */
    async createHousehold(groupId: string, name: string): Promise<HouseholdInDB> {
      const group = await groups.requireAny(groupId)
      const privateGroup = group.privateGroup ?? true
      const household = await households.create(db, groupId, name, {
        privateHousehold: privateGroup,
        recipePublic: !privateGroup,
      })
      return householdInDb(household.id)
    },

    async updateHousehold(
      householdId: string,
      change: { id: string; groupId: string; name: string; preferences?: Required<UpdateHouseholdPreferences> | null },
    ): Promise<HouseholdInDB> {
      if (change.id !== householdId) throw badRequest('The id in the body does not match the address')
      const household = await households.requireAny(householdId)
      if (change.groupId !== household.groupId) throw badRequest('A household cannot move to another group')
      await households.renameAny(household, change.name)
      if (change.preferences) await households.replaceAnyPreferences(householdId, change.preferences)
      return householdInDb(householdId)
    },

    async deleteHousehold(householdId: string): Promise<HouseholdInDB> {
      const answer = await householdInDb(householdId)
      if ((await households.countAnyUsers(householdId)) > 0) throw badRequest('Cannot delete household with users')
      await households.deleteAny(householdId)
      return answer
    },
  }
}

export type AdminTenancyService = ReturnType<typeof createAdminTenancyService>
