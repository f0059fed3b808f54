import { eq } from 'drizzle-orm'
import { groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

export const householdListSpec = defineListSpec({
  table: households,
  columns: {
    id: households.id,
    name: households.name,
    slug: households.slug,
    group_id: households.groupId,
    created_at: households.createdAt,
    updated_at: households.updatedAt,
  },
  relations: {
    group: {
      table: groups,
      on: eq(groups.id, households.groupId),
      many: false,
      columns: { id: groups.id, name: groups.name, slug: groups.slug },
    },
    preferences: {
      table: householdPreferences,
      on: eq(householdPreferences.householdId, households.id),
      many: false,
      columns: {
        private_household: householdPreferences.privateHousehold,
        lock_recipe_edits_from_other_households: householdPreferences.lockRecipeEditsFromOtherHouseholds,
        recipe_public: householdPreferences.recipePublic,
      },
    },
    users: {
      table: users,
      on: eq(users.householdId, households.id),
      many: true,
      columns: { id: users.id, username: users.username, full_name: users.fullName },
    },
  },
  search: [households.name],
  defaultOrder: 'name',
})
