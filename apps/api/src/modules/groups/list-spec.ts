import { GroupInDB } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { groupPreferences, groups, households, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** Every group as administrators see it (GroupInDB): only what that shows may be filtered, ordered or searched. */
export const groupListSpec = defineListSpec({
  table: groups,
  shows: GroupInDB,
  columns: {
    id: groups.id,
    name: groups.name,
    slug: groups.slug,
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
      columns: { id: households.id, name: households.name },
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
