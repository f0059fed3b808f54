import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'

/** What a migration, bulk import, backup or restore did (docs/mealie-compatibility.md "Reports"): one report, one entry per item. */
export const groupReports = pgTable(
  'group_reports',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category', { enum: ['backup', 'restore', 'migration', 'bulk_import'] }).notNull(),
    status: text('status', { enum: ['in-progress', 'success', 'failure', 'partial'] })
      .notNull()
      .default('in-progress'),
    /** How many entries the work will write, when known up front: the report finishes when the last one lands. */
    expectedEntries: integer('expected_entries'),
    /**
     * When the work began. Work that runs one at a time per group (migrations) waits with this null for its turn;
     * `updated_at` is its heartbeat, so the turn of an instance that died passes on (reports/turns.ts).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('group_reports_group_category_idx').on(table.groupId, table.category, table.timestamp)],
)

export const reportEntries = pgTable(
  'report_entries',
  {
    id: primaryId(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => groupReports.id, { onDelete: 'cascade' }),
    /** Where the entry sits in the work's input (a bulk import's URL order), so entries read back in that order. */
    position: integer('position').notNull().default(0),
    success: boolean('success').notNull().default(true),
    message: text('message').notNull(),
    exception: text('exception').notNull().default(''),
    /** The recipe an entry made (a bulk import's success), so the report can link to it. */
    recipeSlug: text('recipe_slug'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('report_entries_report_id_idx').on(table.reportId, table.position)],
)
