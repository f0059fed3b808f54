import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { householdPreferences, households, users } from '../../db/schema/index.js'

export type HouseholdPreferencesRow = typeof householdPreferences.$inferSelect
export type HouseholdPreferenceChanges = Partial<Omit<typeof householdPreferences.$inferInsert, 'householdId'>>

export function createHouseholdRepo(db: Database) {
  return {
    async findById(householdId: string) {
      const [row] = await db.select().from(households).where(eq(households.id, householdId)).limit(1)
      return row ?? null
    },

    async findInGroupByName(groupId: string, name: string) {
      const [row] = await db
        .select()
        .from(households)
        .where(and(eq(households.groupId, groupId), eq(households.name, name)))
        .limit(1)
      return row ?? null
    },

    async findInGroupBySlugOrId(groupId: string, slugOrId: string) {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slugOrId)
      const [row] = await db
        .select()
        .from(households)
        .where(
          and(eq(households.groupId, groupId), isUuid ? eq(households.id, slugOrId) : eq(households.slug, slugOrId)),
        )
        .limit(1)
      return row ?? null
    },

    async nameOrSlugTaken(groupId: string, name: string, slug: string, exceptHouseholdId?: string) {
      const rows = await db
        .select({ id: households.id })
        .from(households)
        .where(
          sql`${households.groupId} = ${groupId} and (${households.name} = ${name} or ${households.slug} = ${slug})${exceptHouseholdId ? sql` and ${households.id} <> ${exceptHouseholdId}` : sql``}`,
        )
        .limit(1)
      return rows.length > 0
    },

    async insert(
      values: { groupId: string; name: string; slug: string; preferences: HouseholdPreferenceChanges },
      database: Database = db,
    ) {
      const [household] = await database
        .insert(households)
        .values({ groupId: values.groupId, name: values.name, slug: values.slug })
        .returning()
      await database.insert(householdPreferences).values({ householdId: household!.id, ...values.preferences })
      return household!
    },

    async rename(householdId: string, name: string, slug: string) {
      await db.update(households).set({ name, slug }).where(eq(households.id, householdId))
    },

    async preferences(householdId: string) {
      const [row] = await db
        .select()
        .from(householdPreferences)
        .where(eq(householdPreferences.householdId, householdId))
        .limit(1)
      return row ?? null
    },

    async preferencesOf(householdIds: readonly string[]) {
      if (householdIds.length === 0) return new Map<string, HouseholdPreferencesRow>()
      const rows = await db
        .select()
        .from(householdPreferences)
        .where(sql`${householdPreferences.householdId} in ${householdIds}`)
      return new Map(rows.map((row) => [row.householdId, row]))
    },

    async replacePreferences(householdId: string, preferences: HouseholdPreferenceChanges) {
      await db
        .insert(householdPreferences)
        .values({ householdId, ...preferences })
        .onConflictDoUpdate({ target: householdPreferences.householdId, set: preferences })
    },

    async members(householdId: string) {
      return db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(eq(users.householdId, householdId))
        .orderBy(asc(users.fullName))
    },

    async countUsers(householdId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.householdId, householdId))
      return row?.count ?? 0
    },

    async delete(householdId: string) {
      await db.delete(households).where(eq(households.id, householdId))
    },

    async count() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(households)
      return row?.count ?? 0
    },
  }
}

export type HouseholdRepo = ReturnType<typeof createHouseholdRepo>
