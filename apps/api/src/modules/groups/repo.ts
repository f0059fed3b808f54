import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { groupPreferences, groups, householdPreferences, households, users } from '../../db/schema/index.js'

export interface HouseholdPreferenceValues {
  privateHousehold: boolean
  recipePublic: boolean
}

export function createGroupRepo(db: Database) {
  return {
    /** Slugs of the named default group and household, each only when it is public (reference §2.1). */
    async findPublicDefaultSlugs(groupName: string, householdName: string) {
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

    async findById(groupId: string) {
      const [row] = await db
        .select({
          id: groups.id,
          name: groups.name,
          slug: groups.slug,
          privateGroup: groupPreferences.privateGroup,
        })
        .from(groups)
        .leftJoin(groupPreferences, eq(groupPreferences.groupId, groups.id))
        .where(eq(groups.id, groupId))
        .limit(1)
      return row ?? null
    },

    async findByName(name: string) {
      const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name)).limit(1)
      return row ?? null
    },

    async nameOrSlugTaken(name: string, slug: string, exceptGroupId?: string) {
      const rows = await db
        .select({ id: groups.id })
        .from(groups)
        .where(
          sql`(${groups.name} = ${name} or ${groups.slug} = ${slug})${exceptGroupId ? sql` and ${groups.id} <> ${exceptGroupId}` : sql``}`,
        )
        .limit(1)
      return rows.length > 0
    },

    async insert(values: { name: string; slug: string; privateGroup: boolean }, database: Database = db) {
      const [group] = await database.insert(groups).values({ name: values.name, slug: values.slug }).returning()
      await database.insert(groupPreferences).values({ groupId: group!.id, privateGroup: values.privateGroup })
      return group!
    },

    async rename(groupId: string, name: string, slug: string) {
      await db.update(groups).set({ name, slug }).where(eq(groups.id, groupId))
    },

    async updatePreferences(groupId: string, privateGroup: boolean) {
      await db
        .insert(groupPreferences)
        .values({ groupId, privateGroup })
        .onConflictDoUpdate({ target: groupPreferences.groupId, set: { privateGroup } })
    },

    async preferences(groupId: string) {
      const [row] = await db.select().from(groupPreferences).where(eq(groupPreferences.groupId, groupId)).limit(1)
      return row ?? null
    },

    async countUsers(groupId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.groupId, groupId))
      return row?.count ?? 0
    },

    /** Deletes a group and its households in one transaction; callers first make sure no user remains. */
    async delete(groupId: string) {
      await db.transaction(async (transaction) => {
        await transaction.delete(households).where(eq(households.groupId, groupId))
        await transaction.delete(groups).where(eq(groups.id, groupId))
      })
    },

    async householdsOf(groupId: string) {
      return db
        .select({ id: households.id, name: households.name })
        .from(households)
        .where(eq(households.groupId, groupId))
        .orderBy(asc(households.name))
    },

    async count() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(groups)
      return row?.count ?? 0
    },
  }
}

export type GroupRepo = ReturnType<typeof createGroupRepo>
