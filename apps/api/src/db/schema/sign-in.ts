import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Failed sign-ins for logins that match no password account, keyed by a hash of the login. They are counted and
 * locked exactly like an account's, so that the lock does not tell who has an account here (docs/security.md "Security rules").
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    loginHash: text('login_hash').primaryKey(),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_failures_updated_at_idx').on(table.updatedAt)],
)

/** Sessions ended by signing out, by a hash of their token, kept until the token would have expired anyway. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_sessions_expires_at_idx').on(table.expiresAt)],
)
