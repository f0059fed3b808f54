import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Request counters of the per-route rate limits (http/rate-limit-store.ts), shared by every instance on the database:
 * one row per route and client, counted up with one upsert. A window starts at the first request after the last one
 * ended and lasts the route's time window; rows whose window has ended are deleted by the hourly `rate-limits.prune`
 * job.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** The route (method and pattern) and the client's key (its address), as `POST /api/auth/token 203.0.113.7`. */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limit_windows_expires_at_idx').on(table.expiresAt)],
)
