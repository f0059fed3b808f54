import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { householdPreferences, households, users } from '../../db/schema/index.js'
import {
  paginate,
  paginateAcrossTenants,
  type ListQuery,
  type ListSpec,
  type PaginateOptions,
} from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'

export type HouseholdPreferencesRow = typeof householdPreferences.$inferSelect
export type HouseholdPreferenceChanges = Partial<Omit<typeof householdPreferences.$inferInsert, 'householdId'>>
type ListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

/** Households belong to a group: a member sees the households of the scope's group only. */
const inGroup = (scope: Scope): SQL => eq(households.groupId, scope.groupId)
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function preferencesWhere(ex: Executor, condition: SQL) {
  const rows = await ex.select().from(householdPreferences).where(condition)
  return new Map(rows.map((row) => [row.householdId, row]))
}

async function membersWhere(ex: Executor, condition: SQL) {
  return ex.select({ id: users.id, fullName: users.fullName }).from(users).where(condition).orderBy(asc(users.fullName))
}

async function countUsersWhere(ex: Executor, condition: SQL) {
  const [row] = await ex
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(condition)
  return row?.count ?? 0
}

/**
 * Household rows. Every function runs on the executor it is given: the pool, or the caller's transaction. Members'
 * reads take the scope (their group's households; their own household's preferences and members); administrators'
 * cross-tenant work uses the `…Any…` functions.
 */
export const householdRepo = {
  async findById(ex: Executor, scope: Scope, householdId: string) {
    const [row] = await ex
      .select()
      .from(households)
      .where(and(inGroup(scope), eq(households.id, householdId)))
      .limit(1)
    return row ?? null
  },

  async findByIds(ex: Executor, scope: Scope, householdIds: readonly string[]) {
    if (householdIds.length === 0) return []
    return ex
      .select()
      .from(households)
      .where(and(inGroup(scope), inArray(households.id, [...householdIds])))
  },

  async findByName(ex: Executor, scope: Scope, name: string) {
    const [row] = await ex
      .select()
      .from(households)
      .where(and(inGroup(scope), eq(households.name, name)))
      .limit(1)
    return row ?? null
  },

  async findBySlugOrId(ex: Executor, scope: Scope, slugOrId: string) {
    const key = uuidPattern.test(slugOrId) ? eq(households.id, slugOrId) : eq(households.slug, slugOrId)
    const [row] = await ex
      .select()
      .from(households)
      .where(and(inGroup(scope), key))
      .limit(1)
    return row ?? null
  },

  pageOfGroup<Item>(ex: Executor, scope: Scope, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
    return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
  },

  /** The preferences of households of the scope's group. */
  async preferencesOf(ex: Executor, scope: Scope, householdIds: readonly string[]) {
    if (householdIds.length === 0) return new Map<string, HouseholdPreferencesRow>()
    const ofGroup = ex.select({ id: households.id }).from(households).where(inGroup(scope))
    return preferencesWhere(
      ex,
      and(
        inArray(householdPreferences.householdId, [...householdIds]),
        inArray(householdPreferences.householdId, ofGroup),
      )!,
    )
  },

  /** The scope's own household's preferences. */
  async ownPreferences(ex: Executor, scope: Scope): Promise<HouseholdPreferencesRow | null> {
    return (await householdRepo.preferencesOf(ex, scope, [scope.householdId])).get(scope.householdId) ?? null
  },

  async replaceOwnPreferences(ex: Executor, scope: Scope, preferences: HouseholdPreferenceChanges): Promise<void> {
    await householdRepo.replaceAnyPreferences(ex, scope.householdId, preferences)
  },

  async ownMembers(ex: Executor, scope: Scope) {
    return membersWhere(ex, and(eq(users.groupId, scope.groupId), eq(users.householdId, scope.householdId))!)
  },

  /** The household's recipes and members, and the group's organizers, counted in one statement. */
  async statistics(ex: Executor, scope: Scope) {
    const rows = await ex.execute<{
      totalRecipes: number
      totalUsers: number
      totalCategories: number
      totalTags: number
      totalTools: number
    }>(sql`select
      (select count(*) from recipes where group_id = ${scope.groupId} and household_id = ${scope.householdId})::int
        as "totalRecipes",
      (select count(*) from users where group_id = ${scope.groupId} and household_id = ${scope.householdId})::int
        as "totalUsers",
      (select count(*) from categories where group_id = ${scope.groupId})::int as "totalCategories",
      (select count(*) from tags where group_id = ${scope.groupId})::int as "totalTags",
      (select count(*) from tools where group_id = ${scope.groupId})::int as "totalTools"`)
    return rows[0]!
  },

  /** Inserts the household and its preferences; a taken name or slug fails on the unique indexes (23505). */
  async insert(
    ex: Executor,
    values: { groupId: string; name: string; slug: string; preferences: HouseholdPreferenceChanges },
  ) {
    const [household] = await ex
      .insert(households)
      .values({ groupId: values.groupId, name: values.name, slug: values.slug })
      .returning()
    await ex.insert(householdPreferences).values({ householdId: household!.id, ...values.preferences })
    return household!
  },

  async findAnyById(ex: Executor, householdId: string) {
    const [row] = await ex.select().from(households).where(eq(households.id, householdId)).limit(1)
    return row ?? null
  },

  async findAnyByIds(ex: Executor, householdIds: readonly string[]) {
    if (householdIds.length === 0) return []
    return ex
      .select()
      .from(households)
      .where(inArray(households.id, [...householdIds]))
  },

  /** Administrators' placement by name, and the default household of LDAP/OIDC first sign-ins. */
  async findInAnyGroupByName(ex: Executor, groupId: string, name: string) {
    const [row] = await ex
      .select()
      .from(households)
      .where(and(eq(households.groupId, groupId), eq(households.name, name)))
      .limit(1)
    return row ?? null
  },

  /** Every household of the server: administrators' list only. */
  pageOfAny<Item>(ex: Executor, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
    return paginateAcrossTenants(ex, spec, query, options)
  },

  async anyPreferencesOf(ex: Executor, householdIds: readonly string[]) {
    if (householdIds.length === 0) return new Map<string, HouseholdPreferencesRow>()
    return preferencesWhere(ex, inArray(householdPreferences.householdId, [...householdIds]))
  },

  async replaceAnyPreferences(ex: Executor, householdId: string, preferences: HouseholdPreferenceChanges) {
    await ex
      .insert(householdPreferences)
      .values({ householdId, ...preferences })
      .onConflictDoUpdate({ target: householdPreferences.householdId, set: preferences })
  },

  async anyMembers(ex: Executor, householdId: string) {
    return membersWhere(ex, eq(users.householdId, householdId))
  },

  async countAnyUsers(ex: Executor, householdId: string) {
    return countUsersWhere(ex, eq(users.householdId, householdId))
  },

  async renameAny(ex: Executor, householdId: string, name: string, slug: string) {
    await ex.update(households).set({ name, slug }).where(eq(households.id, householdId))
  },

  async deleteAny(ex: Executor, householdId: string) {
    await ex.delete(households).where(eq(households.id, householdId))
  },

  async countAny(ex: Executor) {
    const [row] = await ex.select({ count: sql<number>`count(*)::int` }).from(households)
    return row?.count ?? 0
  },
}

export type HouseholdRepo = typeof householdRepo
