import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { passwordResetTokens } from '../../db/schema/index.js'

export function createPasswordResetRepo(db: Database) {
  return {
    async insert(userId: string, tokenHash: string) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash })
    },

    /** A token counts for two days, as long as Mealie keeps them. */
    async findValid(tokenHash: string) {
      const [row] = await db
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

    async deleteForUser(executor: Executor, userId: string) {
      await executor.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
    },
  }
}

export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>
