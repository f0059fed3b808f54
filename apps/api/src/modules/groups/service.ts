import type { GroupInDB, GroupSummary, ReadGroupPreferences, UserSummary } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { administrationOrigin, publish } from '../../events/outbox.js'
import { badRequest, conflict, notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { slugify } from '../../lib/slugs.js'
import { insertUnderFreeName } from '../../lib/unique-name.js'
import type { HouseholdService } from '../households/index.js'
import type { GroupRepo } from './repo.js'

/** The unique indexes that a clashing group name runs into; either one means "try the next name". */
const groupUpdated = (groupId: string) => ({ type: 'group.updated' as const, document: { groupId } })

const groupNameConstraints = ['groups_name_key', 'groups_slug_key']

type GroupRow = NonNullable<Awaited<ReturnType<GroupRepo['findAnyById']>>>

export function createGroupService(deps: {
  db: Database
  groups: GroupRepo
  households: HouseholdService
  defaultHouseholdName: string
}) {
  const { db, groups, households, defaultHouseholdName } = deps

  function found(group: GroupRow | null): GroupRow {
    if (!group) throw notFound('Group not found')
    return group
  }

  /** The caller's own group. */
  const requireOwn = async (scope: Scope) => found(await groups.findOwn(db, scope))
  /** Any group of the server, for administrators. */
  const requireAny = async (groupId: string) => found(await groups.findAnyById(db, groupId))

  function toPreferences(groupId: string, privateGroup: boolean | null): ReadGroupPreferences {
    return { privateGroup: privateGroup ?? true, groupId, id: groupId }
  }

  return {
    requireOwn,
    requireAny,

    /** The default group's and household's slugs, for the app's public info (null where they are not public). */
    publicDefaultSlugs: (groupName: string, householdName: string) =>
      groups.findPublicDefaultSlugs(db, groupName, householdName),

    async summary(scope: Scope): Promise<GroupSummary> {
      const group = await requireOwn(scope)
      return {
        id: group.id,
        name: group.name,
        slug: group.slug,
        preferences: toPreferences(group.id, group.privateGroup),
      }
    },

    /** Administrators' GroupInDB of any group, with the members they already read. */
    async anyInDb(groupId: string, members: UserSummary[]): Promise<GroupInDB> {
      const group = await requireAny(groupId)
      return {
        id: group.id,
        name: group.name,
        slug: group.slug,
        preferences: toPreferences(group.id, group.privateGroup),
        categories: [],
        webhooks: [],
        households: await groups.householdsOfAny(db, group.id),
        users: members,
      }
    },

    /** Administrators' list of every group; `select` turns a page of ids into its items. */
    pageOfAny<Item>(query: ListQuery, path: string, select: (ids: string[]) => Promise<Item[]>): Promise<Page<Item>> {
      return groups.pageOfAny(db, query, {
        path,
        select: async (ids) => select((await groups.findAnyByIds(db, ids.map(String))).map((row) => row.id)),
      })
    },

    async preferences(scope: Scope): Promise<ReadGroupPreferences> {
      const group = await requireOwn(scope)
      return toPreferences(group.id, group.privateGroup)
    },

    async updatePreferences(scope: Scope, privateGroup: boolean): Promise<ReadGroupPreferences> {
      const group = await requireOwn(scope)
      await inTransaction(db, async (tx) => {
        await groups.updateOwnPreferences(tx, scope, privateGroup)
        await publish(tx, scope, groupUpdated(group.id))
      })
      return toPreferences(group.id, privateGroup)
    },

    async updateAnyPreferences(groupId: string, privateGroup: boolean): Promise<ReadGroupPreferences> {
      await requireAny(groupId)
      await inTransaction(db, async (tx) => {
        await groups.updateAnyPreferences(tx, groupId, privateGroup)
        await publish(tx, administrationOrigin(groupId), groupUpdated(groupId))
      })
      return toPreferences(groupId, privateGroup)
    },

    findAnyByName: (name: string) => groups.findAnyByName(db, name),
    countAny: () => groups.countAny(db),

    async nameIsFree(name: string): Promise<boolean> {
      return !(await groups.nameOrSlugTaken(db, name.trim(), slugify(name.trim())))
    },

    /**
     * A new group with its default household, in one transaction (docs/mealie-compatibility.md "Registration, invitations and password reset"/docs/mealie-compatibility.md "Administration"), nested in the executor's when it
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

    async renameAny(groupId: string, name: string): Promise<void> {
      const group = await requireAny(groupId)
      if (!name || name === group.name) return
      if (!slugify(name)) throw badRequest('A group name needs at least one letter or digit')
      // A taken name or slug is refused by the unique indexes: the error handler answers 409.
      await inTransaction(db, async (tx) => {
        await groups.renameAny(tx, groupId, name, slugify(name))
        await publish(tx, administrationOrigin(groupId), groupUpdated(groupId))
      })
    },

    async deleteAny(groupId: string): Promise<void> {
      await requireAny(groupId)
      if ((await groups.countAnyUsers(db, groupId)) > 0) throw badRequest('Cannot delete group with users')
      await inTransaction(db, (transaction) => groups.deleteAny(transaction, groupId))
    },
  }
}

export type GroupService = ReturnType<typeof createGroupService>
