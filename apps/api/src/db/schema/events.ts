import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { groups } from './groups.js'

/**
 * The outbox (docs/events.md): one row per change, written in the transaction that made it, so that a rolled-back
 * change leaves none and a committed one is never lost. Versions count up per group with no gap and commit in their
 * order (see eventVersions), so a reader that has seen version n of a group needs only `version > n`.
 */
export const events = pgTable(
  'events',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    /**
     * The household the change belongs to (a notifier's routing); null for group-wide data. No foreign key, nor on
     * the actor: the outbox is history, appended to and pruned by age, and a deleted household or user must not
     * rewrite it (nor scan it, unindexed, on every delete).
     */
    householdId: uuid('household_id'),
    /** Heard only by the members of `householdId` (the catalogue's `household` audience), else by the whole group. */
    householdOnly: boolean('household_only').notNull(),
    /** Who made the change; null for the system or a user since deleted. */
    actorId: uuid('actor_id'),
    type: text('type').notNull(),
    document: jsonb('document').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.version] }),
    index('events_created_at_idx').on(table.createdAt),
  ],
)

/**
 * Each group's last event version. Publishing takes the next one by updating this row, which holds the row's lock
 * until the transaction ends: a second writer of the group waits for the first to commit or roll back, so versions
 * become visible in order and a reader can never see version n + 1 while n is still to come.
 */
export const eventVersions = pgTable('event_versions', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
})
