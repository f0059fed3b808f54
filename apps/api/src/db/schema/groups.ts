import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'

/** A tenant: owns recipes, organizers, foods, units and labels (docs/architecture.md "Words"). */
export const groups = pgTable(
  'groups',
  {
    id: primaryId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('groups_name_key').on(table.name), uniqueIndex('groups_slug_key').on(table.slug)],
)

export const groupPreferences = pgTable('group_preferences', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  privateGroup: boolean('private_group').notNull().default(true),
  ...timestamps,
})
