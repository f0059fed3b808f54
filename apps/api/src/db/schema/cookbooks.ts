import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/** A household's saved view of the group's recipes, defined by a query filter (docs/mealie-compatibility.md "Cookbooks", docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"). */
export const cookbooks = pgTable(
  'cookbooks',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(1),
    public: boolean('public').notNull().default(false),
    queryFilterString: text('query_filter_string').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cookbooks_group_slug_key').on(table.groupId, table.slug),
    index('cookbooks_household_id_idx').on(table.householdId, table.position),
  ],
)
