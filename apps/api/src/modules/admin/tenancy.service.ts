import type { GroupInDB, HouseholdInDB, UpdateHouseholdPreferences } from '@larder/contracts'
import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { groups as groupTable } from '../../db/schema/index.js'
import { badRequest, notFound } from '../../http/errors.js'
import { paginate, type ListQuery, type Page } from '../../http/list-query/index.js'
import { groupListSpec, type GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import type { MemberService } from '../users/index.js'

/** Administrators' view of groups and households across the whole server. */
export function createAdminTenancyService(deps: {
  db: Database
  groups: GroupService
  households: HouseholdService
  members: MemberService
}) {
  const { db, groups, households, members } = deps

  const groupInDb = async (groupId: string): Promise<GroupInDB> =>
    groups.inDb(groupId, await members.summariesOfGroup(groupId))

  async function householdInDb(householdId: string): Promise<HouseholdInDB> {
    const household = await households.findById(householdId)
    if (!household) throw notFound('Household not found')
    const group = await groups.requireGroup(household.groupId)
    return households.inDb(householdId, group.name)
  }

  return {
    groupInDb,
    householdInDb,

    listGroups(query: ListQuery): Promise<Page<GroupInDB>> {
      return paginate(db, groupListSpec, query, {
        scope: undefined,
        path: '/admin/groups',
        select: async (ids) => {
          const rows = await db
            .select({ id: groupTable.id })
            .from(groupTable)
            .where(inArray(groupTable.id, ids.map(String)))
          return Promise.all(rows.map((row) => groupInDb(row.id)))
        },
      })
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
      await groups.rename(groupId, change.name)
      if (change.preferences) await groups.updatePreferences(groupId, change.preferences.privateGroup)
      return groupInDb(groupId)
    },

    async deleteGroup(groupId: string): Promise<GroupInDB> {
      const answer = await groupInDb(groupId)
      await groups.delete(groupId)
      return answer
    },

    async listHouseholds(query: ListQuery): Promise<Page<HouseholdInDB>> {
      const page = await households.page(null, query, '/admin/households')
      return { ...page, items: await Promise.all(page.items.map((item) => householdInDb(item.id))) }
    },

    /** A household's privacy follows its group's when an administrator creates it (reference §2.5). */
    async createHousehold(groupId: string, name: string): Promise<HouseholdInDB> {
      const group = await groups.requireGroup(groupId)
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
      const household = await households.findById(householdId)
      if (!household) throw notFound('Household not found')
      if (change.groupId !== household.groupId) throw badRequest('A household cannot move to another group')
      await households.rename(household, change.name)
      if (change.preferences) await households.replacePreferences(householdId, change.preferences)
      return householdInDb(householdId)
    },

    async deleteHousehold(householdId: string): Promise<HouseholdInDB> {
      const answer = await householdInDb(householdId)
      if ((await households.countUsers(householdId)) > 0) throw badRequest('Cannot delete household with users')
      await households.delete(householdId)
      return answer
    },
  }
}

export type AdminTenancyService = ReturnType<typeof createAdminTenancyService>
