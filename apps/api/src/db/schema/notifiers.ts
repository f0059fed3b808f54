import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/**
 * A household's notifier (docs/mealie-compatibility.md "Notifiers"): an Apprise URL Larder delivers to itself, and the
 * event types it hears. The URL holds the receiver's secrets (tokens, passwords): it is stored encrypted, and only
 * its masked form is ever read back out.
 */
export const notifiers = pgTable(
  'notifiers',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The Apprise URL, AES-256-GCM under the instance's key (lib/sealed-secrets.ts). */
    encryptedUrl: text('encrypted_url').notNull(),
    /** The URL with its secret parts replaced by `***`, for answers and the screen. */
    maskedUrl: text('masked_url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Mealie's options row has an id of its own, which its clients read back. */
    optionsId: uuid('options_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    /** The Mealie event type names (`recipe_created` …) whose flag is on. */
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    index('notifiers_household_id_idx').on(table.householdId),
    index('notifiers_group_id_idx').on(table.groupId),
  ],
)

/**
 * How far each group's outbox has been turned into notifier deliveries. Moved forward in the transaction that
 * enqueues the deliveries of the events it passes, under the row's lock: an event is enqueued once, whatever the
 * number of instances and restarts.
 */
export const notifierOutboxCursors = pgTable('notifier_outbox_cursors', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every attempt at delivering an event (or a test) to a notifier: the household's delivery history. */
export const notifierDeliveries = pgTable(
  'notifier_deliveries',
  {
    id: primaryId(),
    notifierId: uuid('notifier_id')
      .notNull()
      .references(() => notifiers.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** The outbox version delivered; null for a test message. */
    eventVersion: bigint('event_version', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: ['delivered', 'retrying', 'failed'] }).notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifier_deliveries_notifier_idx').on(table.notifierId, table.createdAt),
    // A job attempt taken again after its instance died records once.
    uniqueIndex('notifier_deliveries_attempt_key')
      .on(table.notifierId, table.eventVersion, table.attempt)
      .where(sql`event_version is not null`),
  ],
)
