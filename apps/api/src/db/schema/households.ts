import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'

/** A part of a group: owns meal plans, shopping lists, cookbooks, notifiers, webhooks (docs/architecture.md "Words"). */
export const households = pgTable(
  'households',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...timestamps,
  },
  (table) => [
    index('households_group_id_idx').on(table.groupId),
    uniqueIndex('households_group_name_key').on(table.groupId, table.name),
    uniqueIndex('households_group_slug_key').on(table.groupId, table.slug),
  ],
)

export const householdPreferences = pgTable('household_preferences', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  privateHousehold: boolean('private_household').notNull().default(true),
  lockRecipeEditsFromOtherHouseholds: boolean('lock_recipe_edits_from_other_households').notNull().default(true),
  firstDayOfWeek: integer('first_day_of_week').notNull().default(0),
  recipePublic: boolean('recipe_public').notNull().default(true),
  recipeShowNutrition: boolean('recipe_show_nutrition').notNull().default(false),
  recipeShowAssets: boolean('recipe_show_assets').notNull().default(false),
  recipeLandscapeView: boolean('recipe_landscape_view').notNull().default(false),
  recipeDisableComments: boolean('recipe_disable_comments').notNull().default(false),
  recipeDisableAmount: boolean('recipe_disable_amount').notNull().default(true),
  ...timestamps,
})
