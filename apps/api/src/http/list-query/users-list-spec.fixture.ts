import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/client.js'
import { apiTokens, groupPreferences, groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { defineListSpec } from './list-spec.js'
import type { ItemId } from './paginate.js'

const named = { id: z.string(), name: z.string(), slug: z.string() }

/** The answer this fixture's list would show: every attribute it declares, so the machinery can be tried on all. */
const FixtureUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  admin: z.boolean(),
  authMethod: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  failedLoginAttempts: z.number(),
  lockedAt: z.string().nullable(),
  createdAt: z.string(),
  group: z.object({ ...named, preferences: z.object({ privateGroup: z.boolean() }) }),
  household: z.object({
    ...named,
    preferences: z.object({ privateHousehold: z.boolean(), firstDayOfWeek: z.number() }),
  }),
  tokens: z.array(z.object({ id: z.number(), name: z.string(), integrationId: z.string() })),
})

/** A spec over the tables that exist today, used by this folder's database tests. */
export const userListSpec = defineListSpec({
  table: users,
  shows: FixtureUser,
  columns: {
    id: users.id,
    username: users.username,
    full_name: users.fullName,
    email: users.email,
    admin: users.admin,
    auth_method: users.authMethod,
    group_id: users.groupId,
    household_id: users.householdId,
    failed_login_attempts: users.failedLoginAttempts,
    locked_at: users.lockedAt,
    created_at: users.createdAt,
  },
  relations: {
    group: {
      table: groups,
      on: eq(groups.id, users.groupId),
      many: false,
      columns: { id: groups.id, name: groups.name, slug: groups.slug },
      relations: {
        preferences: {
          table: groupPreferences,
          on: eq(groupPreferences.groupId, groups.id),
          many: false,
          columns: { private_group: groupPreferences.privateGroup },
        },
      },
    },
    household: {
      table: households,
      on: eq(households.id, users.householdId),
      many: false,
      columns: { id: households.id, name: households.name, slug: households.slug },
      relations: {
        preferences: {
          table: householdPreferences,
          on: eq(householdPreferences.householdId, households.id),
          many: false,
          columns: {
            private_household: householdPreferences.privateHousehold,
            first_day_of_week: householdPreferences.firstDayOfWeek,
          },
        },
      },
    },
    tokens: {
      table: apiTokens,
      on: eq(apiTokens.userId, users.id),
      many: true,
      columns: { id: apiTokens.id, name: apiTokens.name, integration_id: apiTokens.integrationId },
    },
  },
  search: [users.username, users.fullName, users.email],
})

export function loadUsers(db: Database) {
  return (ids: ItemId[]) =>
    db
      .select({ id: users.id, username: users.username, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, ids as string[]))
}
