import { HouseholdInDB, HouseholdSummary } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { householdPreferences, households, users } from '../../db/schema/index.js'
import { defineListSpec, type ListSpecInput } from '../../http/list-query/index.js'

// What both household lists show: HouseholdSummary's fields, `group.id` being its `groupId`.
const summaryAttributes = {
  table: households,
  columns: {
    id: households.id,
    name: households.name,
    slug: households.slug,
    group_id: households.groupId,
  },
  search: [households.name],
  defaultOrder: 'name',
} satisfies Omit<ListSpecInput, 'shows'>

const preferences = {
  table: householdPreferences,
  on: eq(householdPreferences.householdId, households.id),
  many: false,
  columns: {
    private_household: householdPreferences.privateHousehold,
    lock_recipe_edits_from_other_households: householdPreferences.lockRecipeEditsFromOtherHouseholds,
    recipe_public: householdPreferences.recipePublic,
  },
}

/** A group's households as its members see them (HouseholdSummary). */
export const householdListSpec = defineListSpec({
  ...summaryAttributes,
  shows: HouseholdSummary,
  relations: { preferences },
})

/** Every household as administrators see it (HouseholdInDB), which also shows its members' ids and names. */
export const adminHouseholdListSpec = defineListSpec({
  ...summaryAttributes,
  shows: HouseholdInDB,
  relations: {
    preferences,
    users: {
      table: users,
      on: eq(users.householdId, households.id),
      many: true,
      columns: { id: users.id, full_name: users.fullName },
    },
  },
})
