import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { groupPreferences, groups, householdPreferences, households } from '../../db/schema/index.js'

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
  }
}

export type GroupRepo = ReturnType<typeof createGroupRepo>
