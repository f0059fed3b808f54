import { eq } from 'drizzle-orm'
import { groupPreferences, groups, households, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

export const groupListSpec = defineListSpec({
  table: groups,
  columns: {
    id: groups.id,
    name: groups.name,
    slug: groups.slug,
    created_at: groups.createdAt,
    updated_at: groups.updatedAt,
  },
  relations: {
    preferences: {
      table: groupPreferences,
      on: eq(groupPreferences.groupId, groups.id),
      many: false,
      columns: { private_group: groupPreferences.privateGroup },
    },
    households: {
      table: households,
      on: eq(households.groupId, groups.id),
      many: true,
      columns: { id: households.id, name: households.name, slug: households.slug },
    },
    users: {
      table: users,
      on: eq(users.groupId, groups.id),
      many: true,
      columns: { id: users.id, username: users.username },
    },
  },
  search: [groups.name],
  defaultOrder: 'name',
})
