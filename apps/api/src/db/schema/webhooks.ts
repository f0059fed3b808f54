import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/**
 * A household's webhook (Mealie's `webhook_urls`, docs/mealie-compatibility.md "Webhooks"): posts the day's meal plan
 * at `scheduled_time` on the household's wall clock, signed as Standard Webhooks says with `secret`. A rotated-out
 * secret keeps signing beside the new one until `previous_secret_expires_at`, so receivers can switch without a gap.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    name: text('name').notNull().default(''),
    url: text('url').notNull().default(''),
    webhookType: text('webhook_type').notNull().default('mealplan'),
    /** `HH:MM` on the household's wall clock (Mealie: a UTC time of day). */
    scheduledTime: text('scheduled_time').notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Why the server turned it off (a receiver answered 410 Gone); cleared when a user turns it on again. */
    disabledReason: text('disabled_reason'),
    ...timestamps,
  },
  (table) => [index('webhooks_household_id_idx').on(table.householdId)],
)

/**
 * One message a webhook sends: its Standard Webhooks id (`webhook-id`, the same on every retry and replay) and the exact
 * body signed. A scheduled message is unique per webhook and local date, so that however many instances or slot
 * claims reach it, a day's meal plan goes out once.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** `msg_…`, sent as `webhook-id`. */
    messageId: text('message_id').notNull(),
    kind: text('kind', { enum: ['scheduled', 'rerun', 'test'] }).notNull(),
    /** The household's date whose meal plan a scheduled or rerun message carries. */
    localDate: date('local_date', { mode: 'string' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('webhook_messages_scheduled_day_key')
      .on(table.webhookId, table.localDate)
      .where(sql`kind = 'scheduled'`),
    index('webhook_messages_webhook_id_idx').on(table.webhookId),
  ],
)

/** One attempt to deliver a message: when, what the receiver answered, how long it took, and what comes next. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    /** 1 for the first try of a send (or of a replay), counting each retry. */
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    outcome: text('outcome', { enum: ['succeeded', 'retrying', 'failed', 'disabled', 'refused'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_webhook_id_idx').on(table.webhookId, table.attemptedAt)],
)
