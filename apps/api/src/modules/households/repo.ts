import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { householdPreferences, households, users } from '../../db/schema/index.js'

export type HouseholdPreferencesRow = typeof householdPreferences.$inferSelect
export type HouseholdPreferenceChanges = Partial<Omit<typeof householdPreferences.$inferInsert, 'householdId'>>

/** Household rows. Every function runs on the executor it is given: the pool, or the caller's transaction. */
export const householdRepo = {
  async findById(db: Executor, householdId: string) {
    const [row] = await db.select().from(households).where(eq(households.id, householdId)).limit(1)
    return row ?? null
  },

  async findInGroupByName(db: Executor, groupId: string, name: string) {
    const [row] = await db
      .select()
      .from(households)
      .where(and(eq(households.groupId, groupId), eq(households.name, name)))
      .limit(1)
    return row ?? null
  },

  async findInGroupBySlugOrId(db: Executor, groupId: string, slugOrId: string) {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slugOrId)
    const [row] = await db
      .select()
      .from(households)
      .where(and(eq(households.groupId, groupId), isUuid ? eq(households.id, slugOrId) : eq(households.slug, slugOrId)))
      .limit(1)
    return row ?? null
  },

  /** Inserts the household and its preferences; a taken name or slug fails on the unique indexes (23505). */
  async insert(
    db: Executor,
    values: { groupId: string; name: string; slug: string; preferences: HouseholdPreferenceChanges },
  ) {
    const [household] = await db
      .insert(households)
      .values({ groupId: values.groupId, name: values.name, slug: values.slug })
      .returning()
    await db.insert(householdPreferences).values({ householdId: household!.id, ...values.preferences })
    return household!
  },

  async rename(db: Executor, householdId: string, name: string, slug: string) {
    await db.update(households).set({ name, slug }).where(eq(households.id, householdId))
  },

  async preferences(db: Executor, householdId: string) {
    const [row] = await db
      .select()
      .from(householdPreferences)
      .where(eq(householdPreferences.householdId, householdId))
      .limit(1)
    return row ?? null
  },

  async preferencesOf(db: Executor, householdIds: readonly string[]) {
    if (householdIds.length === 0) return new Map<string, HouseholdPreferencesRow>()
    const rows = await db
      .select()
      .from(householdPreferences)
      .where(sql`${householdPreferences.householdId} in ${householdIds}`)
    return new Map(rows.map((row) => [row.householdId, row]))
  },

  async replacePreferences(db: Executor, householdId: string, preferences: HouseholdPreferenceChanges) {
    await db
      .insert(householdPreferences)
      .values({ householdId, ...preferences })
      .onConflictDoUpdate({ target: householdPreferences.householdId, set: preferences })
  },

  async members(db: Executor, householdId: string) {
    return db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.householdId, householdId))
      .orderBy(asc(users.fullName))
  },

  async countUsers(db: Executor, householdId: string) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.householdId, householdId))
    return row?.count ?? 0
  },

  async delete(db: Executor, householdId: string) {
    await db.delete(households).where(eq(households.id, householdId))
  },

  async count(db: Executor) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(households)
    return row?.count ?? 0
  },
}

export type HouseholdRepo = typeof householdRepo
