import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/** Columns every organizer has: a name and its slug, each unique in the group (docs/mealie-compatibility.md "Organizers"). */
function organizerColumns() {
  return {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...timestamps,
  }
}

export const categories = pgTable('categories', organizerColumns(), (table) => [
  index('categories_group_id_idx').on(table.groupId),
  uniqueIndex('categories_group_name_key').on(table.groupId, table.name),
  uniqueIndex('categories_group_slug_key').on(table.groupId, table.slug),
])

export const tags = pgTable('tags', organizerColumns(), (table) => [
  index('tags_group_id_idx').on(table.groupId),
  uniqueIndex('tags_group_name_key').on(table.groupId, table.name),
  uniqueIndex('tags_group_slug_key').on(table.groupId, table.slug),
])

export const tools = pgTable('tools', organizerColumns(), (table) => [
  index('tools_group_id_idx').on(table.groupId),
  uniqueIndex('tools_group_name_key').on(table.groupId, table.name),
  uniqueIndex('tools_group_slug_key').on(table.groupId, table.slug),
])

/** Which households have a tool on hand (later 2.x: `householdsWithTool`, per household). */
export const toolsOnHand = pgTable(
  'tools_on_hand',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.householdId] }),
    index('tools_on_hand_household_id_idx').on(table.householdId),
  ],
)
