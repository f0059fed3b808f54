import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { signInFailures, users } from '../../db/schema/index.js'
import { hashToken } from '../../lib/token-hash.js'

/** The attempt's number among the failures counted so far, or null when the login is locked and nothing is checked. */
export type AttemptSlot = number | null

/** Logins are kept only as a hash: the table must not become a list of what people typed as their username. */
export function hashLogin(login: string): string {
  return hashToken(login.trim().toLowerCase())
}

/**
 * Counts sign-in attempts BEFORE the password is checked, each in one `UPDATE … RETURNING`, so that however many
 * guesses arrive at once, at most `maximumAttempts` of them are ever verified (issue 10, item 2). A password account
 * counts on its row; any other login (unknown, LDAP, OIDC) counts in `sign_in_failures` by a hash of the login, with
 * the same numbers, so the answers never tell whether an account exists. The attempt that reaches the maximum sets
 * the lock; a lock whose time has passed lifts itself at the next attempt, which counts as the first again.
 */
export function createSignInAttempts(db: Database, limits: { maximumAttempts: number; lockoutSeconds: number }) {
  const { maximumAttempts, lockoutSeconds } = limits
  const lockExpiredBefore = sql`now() - make_interval(secs => ${lockoutSeconds})`

  return {
    /** Claims the next attempt on a password account; null when it is locked (answer 423 without checking). */
    async claimForUser(userId: string): Promise<AttemptSlot> {
      const expired = and(isNotNull(users.lockedAt), lt(users.lockedAt, lockExpiredBefore))
      const next = sql`case when ${expired} then 1 else ${users.failedLoginAttempts} + 1 end`
      const [row] = await db
        .update(users)
        .set({
          failedLoginAttempts: next,
          lockedAt: sql`case when ${next} >= ${maximumAttempts} then now() else null end`,
        })
        .where(
          and(
            eq(users.id, userId),
            or(and(sql`${users.lockedAt} is null`, lt(users.failedLoginAttempts, maximumAttempts)), expired),
          ),
        )
        .returning({ slot: users.failedLoginAttempts })
      return row?.slot ?? null
    },

    /**
     * The right password was given with attempt `slot`: the count starts again, unless other attempts locked the
     * account while this one was checked (the lock then holds even for the right password). Answers whether the
     * sign-in may go ahead.
     */
    async succeed(userId: string, slot: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ failedLoginAttempts: 0, lockedAt: null })
        .where(and(eq(users.id, userId), or(sql`${users.lockedAt} is null`, eq(users.failedLoginAttempts, slot))))
        .returning({ id: users.id })
      return rows.length > 0
    },

    /** Claims the next attempt on a login with no password account; null when that login is locked. */
    async claimForLogin(login: string): Promise<AttemptSlot> {
      const expired = and(isNotNull(signInFailures.lockedAt), lt(signInFailures.lockedAt, lockExpiredBefore))
      const next = sql`case when ${expired} then 1 else ${signInFailures.failedLoginAttempts} + 1 end`
      const [row] = await db
        .insert(signInFailures)
        .values({
          loginHash: hashLogin(login),
          failedLoginAttempts: 1,
          lockedAt: maximumAttempts <= 1 ? sql`now()` : null,
        })
        .onConflictDoUpdate({
          target: signInFailures.loginHash,
          set: {
            failedLoginAttempts: next,
            lockedAt: sql`case when ${next} >= ${maximumAttempts} then now() else null end`,
            updatedAt: sql`now()`,
          },
          setWhere: or(
            and(sql`${signInFailures.lockedAt} is null`, lt(signInFailures.failedLoginAttempts, maximumAttempts)),
            expired,
          ),
        })
        .returning({ slot: signInFailures.failedLoginAttempts })
      return row?.slot ?? null
    },

    /** Counts of logins with no account are only worth keeping while a lock could still follow from them. */
    async forgetStaleLogins(): Promise<void> {
      await db.delete(signInFailures).where(lt(signInFailures.updatedAt, lockExpiredBefore))
    },
  }
}

export type SignInAttempts = ReturnType<typeof createSignInAttempts>
