import { UserOut, UserSummary } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { apiTokens, groups, households, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/**
 * What full user lists (UserOut: the household's members, the administrators' lists) filter, order and search on
 * (docs/mealie-compatibility.md "Filter and order attributes"). Only what UserOut shows: `group.slug` is its `groupSlug`, `tokens.*` its `tokens`.
 */
export const userListSpec = defineListSpec({
  table: users,
  shows: UserOut,
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
  },
  relations: {
    group: {
      table: groups,
      on: eq(groups.id, users.groupId),
      many: false,
      columns: { id: groups.id, slug: groups.slug },
    },
    household: {
      table: households,
      on: eq(households.id, users.householdId),
      many: false,
      columns: { id: households.id, slug: households.slug },
    },
    tokens: {
      table: apiTokens,
      on: eq(apiTokens.userId, users.id),
      many: true,
      columns: { id: apiTokens.id, name: apiTokens.name },
    },
  },
  search: [users.username, users.fullName, users.email],
  defaultOrder: users.createdAt,
})

/**
 * The group's member list shows ids and names only (UserSummary), so that is all it filters, orders and searches
 * on: an email, a flag or a token name that can be filtered on can be read one character at a time.
 */
export const memberSummaryListSpec = defineListSpec({
  table: users,
  shows: UserSummary,
  columns: {
    id: users.id,
    username: users.username,
    full_name: users.fullName,
    group_id: users.groupId,
    household_id: users.householdId,
  },
  search: [users.username, users.fullName],
  defaultOrder: users.createdAt,
})
