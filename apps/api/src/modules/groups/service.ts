import type { GroupInDB, GroupSummary, ReadGroupPreferences, UserSummary } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { badRequest, conflict, notFound } from '../../http/errors.js'
import { slugify } from '../../lib/slugs.js'
import { insertUnderFreeName } from '../../lib/unique-name.js'
import type { HouseholdService } from '../households/index.js'
import type { GroupRepo } from './repo.js'

/** The unique indexes that a clashing group name runs into; either one means "try the next name". */
const groupNameConstraints = ['groups_name_key', 'groups_slug_key']

export function createGroupService(deps: {
  db: Database
  groups: GroupRepo
  households: HouseholdService
  defaultHouseholdName: string
}) {
  const { db, groups, households, defaultHouseholdName } = deps

  async function requireGroup(groupId: string) {
    const group = await groups.findById(db, groupId)
    if (!group) throw notFound('Group not found')
    return group
  }

  function toPreferences(groupId: string, privateGroup: boolean | null): ReadGroupPreferences {
    return { privateGroup: privateGroup ?? true, groupId, id: groupId }
  }

  return {
    requireGroup,

    /** The default group's and household's slugs, for the app's public info (null where they are not public). */
    publicDefaultSlugs: (groupName: string, householdName: string) =>
      groups.findPublicDefaultSlugs(db, groupName, householdName),

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
        households: await groups.householdsOf(db, group.id),
        users: members,
      }
    },

    async preferences(groupId: string): Promise<ReadGroupPreferences> {
      const group = await requireGroup(groupId)
      return toPreferences(group.id, group.privateGroup)
    },

    async updatePreferences(groupId: string, privateGroup: boolean): Promise<ReadGroupPreferences> {
      await requireGroup(groupId)
      await groups.updatePreferences(db, groupId, privateGroup)
      return toPreferences(groupId, privateGroup)
    },

    findByName: (name: string) => groups.findByName(db, name),
    count: () => groups.count(db),

    async nameIsFree(name: string): Promise<boolean> {
      return !(await groups.nameOrSlugTaken(db, name.trim(), slugify(name.trim())))
    },

    /**
     * A new group with its default household, in one transaction (reference §2.4/§2.5), nested in the executor's when it
     * is one. A taken name becomes "name (1)", decided by the unique indexes so that parallel creates of
     * one name all succeed; the household's privacy follows the group's.
     */
    async create(executor: Executor, name: string, options: { privateGroup: boolean }) {
      if (!slugify(name)) throw badRequest('A group name needs at least one letter or digit')
      return executor.transaction(async (transaction) => {
        const group = await insertUnderFreeName(transaction, name, groupNameConstraints, (savepoint, candidate) =>
          groups.insert(savepoint, { name: candidate, slug: slugify(candidate), privateGroup: options.privateGroup }),
        )
        if (!group) throw conflict(`A group named "${name}" already exists`)
        const household = await households.create(transaction, group.id, defaultHouseholdName, {
          privateHousehold: options.privateGroup,
          recipePublic: !options.privateGroup,
        })
        return { group, household }
      })
    },

    async rename(groupId: string, name: string): Promise<void> {
      const group = await requireGroup(groupId)
      if (!name || name === group.name) return
      if (!slugify(name)) throw badRequest('A group name needs at least one letter or digit')
      // A taken name or slug is refused by the unique indexes: the error handler answers 409.
      await groups.rename(db, groupId, name, slugify(name))
    },

    async delete(groupId: string): Promise<void> {
      await requireGroup(groupId)
      if ((await groups.countUsers(db, groupId)) > 0) throw badRequest('Cannot delete group with users')
      await db.transaction((transaction) => groups.delete(transaction, groupId))
    },
  }
}

export type GroupService = ReturnType<typeof createGroupService>
