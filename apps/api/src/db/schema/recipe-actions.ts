import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/**
 * A household's recipe action (Mealie's `recipe_actions`, docs/mealie-compatibility.md "Recipe actions"): a `link` the
 * recipe page opens with the recipe's fields filled in, or a `post` address the server sends the recipe to.
 */
export const recipeActions = pgTable(
  'recipe_actions',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    actionType: text('action_type', { enum: ['link', 'post'] }).notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    ...timestamps,
  },
  (table) => [index('recipe_actions_household_id_idx').on(table.householdId)],
)
