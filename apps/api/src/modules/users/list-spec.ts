import { eq } from 'drizzle-orm'
import { apiTokens, groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What user lists may filter, order and search on (reference §4.5). */
export const userListSpec = defineListSpec({
  table: users,
  columns: {
    id: users.id,
    username: users.username,
    full_name: users.fullName,
    email: users.email,
    auth_method: users.authMethod,
    admin: users.admin,
    advanced: users.advanced,
    can_invite: users.canInvite,
    can_manage: users.canManage,
    can_manage_household: users.canManageHousehold,
    can_organize: users.canOrganize,
    group_id: users.groupId,
    household_id: users.householdId,
    created_at: users.createdAt,
    updated_at: users.updatedAt,
  },
  relations: {
    group: {
      table: groups,
      on: eq(groups.id, users.groupId),
      many: false,
      columns: { id: groups.id, name: groups.name, slug: groups.slug },
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
    tokens: {
      table: apiTokens,
      on: eq(apiTokens.userId, users.id),
      many: true,
      columns: { id: apiTokens.id, name: apiTokens.name },
    },
  },
  search: [users.username, users.fullName, users.email],
  defaultOrder: 'created_at',
})
