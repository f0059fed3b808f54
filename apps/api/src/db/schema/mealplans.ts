import { sql } from 'drizzle-orm'
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'
import { recipes } from './recipes.js'
import { users } from './users.js'

/**
 * One planned meal of a household (Mealie's `group_meal_plans`, docs/mealie-compatibility.md "Meal plans"): a recipe, or a title and text alone.
 * Mealie's integer ids. The household is stored, not derived from the user as Mealie does, so that every query is
 * bounded by it; deleting the recipe or the user deletes the entry, as in Mealie.
 */
export const mealPlanEntries = pgTable(
  'meal_plan_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    entryType: text('entry_type').notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'cascade' }),
    locked: boolean('locked').notNull().default(false),
    /**
     * Beyond Mealie: how many the meal is for; null = the recipe's own servings. "Shop for these days" scales the
     * recipe by it (docs/mealie-compatibility.md "Meal plans").
     */
    servings: doublePrecision('servings'),
    ...timestamps,
  },
  (table) => [
    index('meal_plan_entries_household_date_idx').on(table.householdId, table.date),
    index('meal_plan_entries_recipe_id_idx').on(table.recipeId),
    index('meal_plan_entries_user_id_idx').on(table.userId),
    check(
      'meal_plan_entries_entry_type_check',
      sql`${table.entryType} in ('breakfast', 'lunch', 'dinner', 'side', 'snack', 'drink', 'dessert')`,
    ),
    check('meal_plan_entries_servings_check', sql`${table.servings} is null or ${table.servings} > 0`),
  ],
)

/**
 * A household's rule for picking recipes (Mealie's `group_meal_plan_rules`): the days and entry types it applies to
 * (empty = any), a recipe queryFilter, and optionally a weekly limit that makes it a limit instead of a choice.
 */
export const mealPlanRules = pgTable(
  'meal_plan_rules',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    days: text('days')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    entryTypes: text('entry_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    queryFilterString: text('query_filter_string').notNull().default(''),
    atMostPerWeek: integer('at_most_per_week'),
    atLeastPerWeek: integer('at_least_per_week'),
    ...timestamps,
  },
  (table) => [index('meal_plan_rules_household_id_idx').on(table.householdId)],
)

/**
 * A household's meal-plan settings (beyond Mealie): its time zone (null: the instance's TZ), meal times per entry
 * type, the no-repeat window, and the secret token of its calendar feed. A household without a row has the defaults.
 */
export const mealPlanSettings = pgTable('meal_plan_settings', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone'),
  mealTimes: jsonb('meal_times').$type<Record<string, string>>().notNull().default({}),
  noRepeatDays: integer('no_repeat_days').notNull().default(14),
  calendarToken: text('calendar_token').unique('meal_plan_settings_calendar_token_key'),
  ...timestamps,
})
