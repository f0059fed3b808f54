import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { passwordResetTokens } from '../../db/schema/index.js'

/** Reset tokens: identity work that comes before there is a caller, so keyed by user and token, not by a scope. */
export const passwordResetRepo = {
  async insert(ex: Executor, userId: string, tokenHash: string) {
    await ex.insert(passwordResetTokens).values({ userId, tokenHash })
  },

  /** A token counts for two days, as long as Mealie keeps them. */
  async findValid(ex: Executor, tokenHash: string) {
    const [row] = await ex
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          gt(passwordResetTokens.createdAt, sql`now() - interval '2 days'`),
        ),
      )
      .limit(1)
    return row ?? null
  },

  async deleteForUser(ex: Executor, userId: string) {
    await ex.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
  },
}

export type PasswordResetRepo = typeof passwordResetRepo
