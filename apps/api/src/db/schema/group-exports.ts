import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'

/**
 * A zip of recipes a background job built for a group (Mealie's `group_data_exports`, docs/mealie-compatibility.md "Recipe bulk actions"), kept under
 * DATA_DIR/media/groups/<groupId>/exports/<id>.zip until it expires or the group purges it. The file's path is made
 * from the two ids, never stored or taken from a request.
 */
export const groupDataExports = pgTable(
  'group_data_exports',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * Larder's addition: the row is written with the request, so the list shows a build under way ('building') and
     * one that failed after its retries ('failed', with `error`), not only the zips made ('ready').
     */
    status: text('status', { enum: ['building', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    error: text('error'),
    /** The recipes asked for, so a failed build can be run again. */
    recipeIds: uuid('recipe_ids').array().notNull().default([]),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('group_data_exports_group_idx').on(table.groupId, table.createdAt)],
)
