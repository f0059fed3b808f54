// The list the machinery's own database tests run on: not any module's list, but one attribute of each kind the
// machinery handles, over the tables that exist today (users, with their household, group and API tokens).
import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Executor } from '../../db/client.js'
import { apiTokens, groupPreferences, groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { defineListSpec } from './list-spec.js'
import type { ItemId } from './paginate.js'

/** What the list shows: exactly the attributes below, so that the spec passes the shown-fields check. */
const Shown = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  admin: z.boolean(),
  authMethod: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  failedLoginAttempts: z.number(),
  lockedAt: z.string().nullable(),
  createdAt: z.string(),
  group: z.object({ name: z.string(), preferences: z.object({ privateGroup: z.boolean() }) }),
  household: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    preferences: z.object({ privateHousehold: z.boolean() }),
  }),
  tokens: z.array(z.object({ name: z.string(), integrationId: z.string() })),
})

export const attributeKindsListSpec = defineListSpec({
  table: users,
  shows: Shown,
  columns: {
    // UUIDs (checked as such), text, a boolean, an enum, a number, a nullable and a non-null timestamp.
    id: users.id,
    group_id: users.groupId,
    household_id: users.householdId,
    username: users.username,
    full_name: users.fullName,
    admin: users.admin,
    auth_method: users.authMethod,
    failed_login_attempts: users.failedLoginAttempts,
    locked_at: users.lockedAt,
    created_at: users.createdAt,
  },
  relations: {
    // To-one relations, each with a relation of its own (`household.preferences.private_household`).
    group: {
      table: groups,
      on: eq(groups.id, users.groupId),
      many: false,
      columns: { name: groups.name },
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
          columns: { private_household: householdPreferences.privateHousehold },
        },
      },
    },
    // A to-many relation: IN, NOT IN, CONTAINS ALL and ordering by its first or last value.
    tokens: {
      table: apiTokens,
      on: eq(apiTokens.userId, users.id),
      many: true,
      columns: { name: apiTokens.name, integration_id: apiTokens.integrationId },
    },
  },
  search: [users.username, users.fullName],
})

/** The page's rows: ids and names are enough to tell which rows a list answered, in which order. */
export function loadUsers(db: Executor) {
  return (ids: ItemId[]) =>
    db
      .select({ id: users.id, username: users.username, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, ids as string[]))
}
