import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groupPreferences, groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { paginateAcrossTenants, type ListQuery, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { groupListSpec } from './list-spec.js'

export interface HouseholdPreferenceValues {
  privateHousehold: boolean
  recipePublic: boolean
}

const groupWithPreferences = (ex: Executor) =>
  ex
    .select({ id: groups.id, name: groups.name, slug: groups.slug, privateGroup: groupPreferences.privateGroup })
    .from(groups)
    .leftJoin(groupPreferences, eq(groupPreferences.groupId, groups.id))

/**
 * Group rows. Every function runs on the executor it is given: the pool, or the caller's transaction. A group is the
 * tenant itself: a member reaches only the scope's group; administrators' cross-tenant work uses the `…Any…` functions.
 */
export const groupRepo = {
  /** Slugs of the named default group and household, each only when it is public (docs/mealie-compatibility.md "App info"). */
  async findPublicDefaultSlugs(db: Executor, groupName: string, householdName: string) {
    const rows = await db
      .select({
        groupSlug: groups.slug,
        privateGroup: groupPreferences.privateGroup,
        householdSlug: households.slug,
        privateHousehold: householdPreferences.privateHousehold,
      })
      .from(groups)
      .leftJoin(groupPreferences, eq(groupPreferences.groupId, groups.id))
      .leftJoin(households, and(eq(households.groupId, groups.id), eq(households.name, householdName)))
      .leftJoin(householdPreferences, eq(householdPreferences.householdId, households.id))
      .where(eq(groups.name, groupName))
      .limit(1)
    const row = rows[0]
    if (!row || row.privateGroup !== false) return { groupSlug: null, householdSlug: null }
    const householdIsPublic = row.householdSlug !== null && row.privateHousehold === false
    return { groupSlug: row.groupSlug, householdSlug: householdIsPublic ? row.householdSlug : null }
  },

  /** The scope's own group. */
  async findOwn(db: Executor, scope: Scope) {
    const [row] = await groupWithPreferences(db).where(eq(groups.id, scope.groupId)).limit(1)
    return row ?? null
  },

  async updateOwnPreferences(db: Executor, scope: Scope, privateGroup: boolean) {
    await db
      .insert(groupPreferences)
      .values({ groupId: scope.groupId, privateGroup })
      .onConflictDoUpdate({ target: groupPreferences.groupId, set: { privateGroup } })
  },

  async findAnyById(db: Executor, groupId: string) {
    const [row] = await groupWithPreferences(db).where(eq(groups.id, groupId)).limit(1)
    return row ?? null
  },

  async findAnyByIds(db: Executor, groupIds: readonly string[]) {
    if (groupIds.length === 0) return []
    return groupWithPreferences(db).where(inArray(groups.id, [...groupIds]))
  },

  /** Administrators' placement by name, and the default group of LDAP/OIDC first sign-ins. */
  async findAnyByName(db: Executor, name: string) {
    const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name)).limit(1)
    return row ?? null
  },

  /** Every group of the server: administrators' list only. */
  pageOfAny<Item>(db: Executor, query: ListQuery, options: Pick<PaginateOptions<Item>, 'path' | 'select'>) {
    return paginateAcrossTenants(db, groupListSpec, query, options)
  },

  /** For the validators' "is this name free?"; writes rely on the unique indexes instead. */
  async nameOrSlugTaken(db: Executor, name: string, slug: string) {
    const rows = await db
      .select({ id: groups.id })
      .from(groups)
      .where(sql`${groups.name} = ${name} or ${groups.slug} = ${slug}`)
      .limit(1)
    return rows.length > 0
  },

  /** Inserts the group and its preferences; a taken name or slug fails on the unique indexes (23505). */
  async insert(db: Executor, values: { name: string; slug: string; privateGroup: boolean }) {
    const [group] = await db.insert(groups).values({ name: values.name, slug: values.slug }).returning()
    await db.insert(groupPreferences).values({ groupId: group!.id, privateGroup: values.privateGroup })
    return group!
  },

  async renameAny(db: Executor, groupId: string, name: string, slug: string) {
    await db.update(groups).set({ name, slug }).where(eq(groups.id, groupId))
  },

  async updateAnyPreferences(db: Executor, groupId: string, privateGroup: boolean) {
    await db
      .insert(groupPreferences)
      .values({ groupId, privateGroup })
      .onConflictDoUpdate({ target: groupPreferences.groupId, set: { privateGroup } })
  },

  async countAnyUsers(db: Executor, groupId: string) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.groupId, groupId))
    return row?.count ?? 0
  },

  /** Deletes a group and its households; callers run it in a transaction after making sure no user remains. */
  async deleteAny(db: Executor, groupId: string) {
    await db.delete(households).where(eq(households.groupId, groupId))
    await db.delete(groups).where(eq(groups.id, groupId))
  },

  async householdsOfAny(db: Executor, groupId: string) {
    return db
      .select({ id: households.id, name: households.name })
      .from(households)
      .where(eq(households.groupId, groupId))
      .orderBy(asc(households.name))
  },

  async countAny(db: Executor) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(groups)
    return row?.count ?? 0
  },
}

export type GroupRepo = typeof groupRepo
