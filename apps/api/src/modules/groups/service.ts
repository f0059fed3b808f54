import type { GroupInDB, GroupSummary, ReadGroupPreferences, UserSummary } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { badRequest, conflict, notFound } from '../../http/errors.js'
import { slugify } from '../../lib/slugs.js'
import { firstFreeName } from '../../lib/unique-name.js'
import type { HouseholdService } from '../households/service.js'
import type { GroupRepo } from './repo.js'

export function createGroupService(deps: {
  db: Database
  groups: GroupRepo
  households: HouseholdService
  defaultHouseholdName: string
}) {
  const { db, groups, households, defaultHouseholdName } = deps

  async function requireGroup(groupId: string) {
    const group = await groups.findById(groupId)
    if (!group) throw notFound('Group not found')
    return group
  }

  function toPreferences(groupId: string, privateGroup: boolean | null): ReadGroupPreferences {
    return { privateGroup: privateGroup ?? true, groupId, id: groupId }
  }

  return {
    requireGroup,

    async summary(groupId: string): Promise<GroupSummary> {
      const group = await requireGroup(groupId)
      return {
        id: group.id,
        name: group.name,
        slug: group.slug,
        preferences: toPreferences(group.id, group.privateGroup),
      }
    },

    async inDb(groupId: string, members: UserSummary[]): Promise<GroupInDB> {
      const group = await requireGroup(groupId)
      return {
        id: group.id,
        name: group.name,
        slug: group.slug,
        preferences: toPreferences(group.id, group.privateGroup),
        categories: [],
        webhooks: [],
        households: await groups.householdsOf(group.id),
        users: members,
      }
    },

    async preferences(groupId: string): Promise<ReadGroupPreferences> {
      const group = await requireGroup(groupId)
      return toPreferences(group.id, group.privateGroup)
    },

    async updatePreferences(groupId: string, privateGroup: boolean): Promise<ReadGroupPreferences> {
      await requireGroup(groupId)
      await groups.updatePreferences(groupId, privateGroup)
      return toPreferences(groupId, privateGroup)
    },

    findByName: (name: string) => groups.findByName(name),
    count: () => groups.count(),

    async nameIsFree(name: string): Promise<boolean> {
      return !(await groups.nameOrSlugTaken(name.trim(), slugify(name.trim())))
    },

    /**
     * A new group with its default household, in one transaction (reference §2.4/§2.5). A taken name becomes
     * "name (1)"; the household's privacy follows the group's.
     */
    async create(name: string, options: { privateGroup: boolean }, database: Database = db) {
      const free = await firstFreeName(name, (candidate) => groups.nameOrSlugTaken(candidate, slugify(candidate)))
      if (!free) throw conflict(`A group named "${name}" already exists`)
      if (!slugify(free)) throw badRequest('A group name needs at least one letter or digit')
      return database.transaction(async (transaction) => {
        const group = await groups.insert(
          { name: free, slug: slugify(free), privateGroup: options.privateGroup },
          transaction,
        )
        const household = await households.create(
          group.id,
          defaultHouseholdName,
          { privateHousehold: options.privateGroup, recipePublic: !options.privateGroup },
          transaction,
        )
        return { group, household }
      })
    },

    async rename(groupId: string, name: string): Promise<void> {
      const group = await requireGroup(groupId)
      if (!name || name === group.name) return
      if (await groups.nameOrSlugTaken(name, slugify(name), groupId)) {
        throw conflict(`A group named "${name}" already exists`)
      }
      await groups.rename(groupId, name, slugify(name))
    },

    async delete(groupId: string): Promise<void> {
      await requireGroup(groupId)
      if ((await groups.countUsers(groupId)) > 0) throw badRequest('Cannot delete group with users')
      await groups.delete(groupId)
    },
  }
}

export type GroupService = ReturnType<typeof createGroupService>
