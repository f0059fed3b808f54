import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * The `Idempotency-Key`s of writes to household lists and plans (http/idempotency.ts), per user: a request claims its
 * key in one statement, and its answer is stored once the handler has answered (a 5xx releases the key instead). A
 * claim whose instance died is taken over after a minute; rows go after a day (hourly pruning job).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A hash of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The request that holds the key; only it may store the answer or release the key. */
    claimId: uuid('claim_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first answer, once there is one; null while the first request runs. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
)
