import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { inviteTokens } from '../../db/schema/index.js'

export function createInvitationRepo(db: Database) {
  return {
    async listForHousehold(householdId: string) {
      return db
        .select()
        .from(inviteTokens)
        .where(and(eq(inviteTokens.householdId, householdId), gt(inviteTokens.expiresAt, sql`now()`)))
        .orderBy(asc(inviteTokens.id))
    },

    async insert(values: {
      tokenHash: string
      usesLeft: number
      groupId: string
      householdId: string
      expiresAt: Date
    }) {
      const [row] = await db.insert(inviteTokens).values(values).returning()
      return row!
    },

    async findUsable(executor: Executor, tokenHash: string) {
      const [row] = await executor
        .select()
        .from(inviteTokens)
        .where(
          and(
            eq(inviteTokens.tokenHash, tokenHash),
            gt(inviteTokens.expiresAt, sql`now()`),
            gt(inviteTokens.usesLeft, 0),
          ),
        )
        .for('update')
        .limit(1)
      return row ?? null
    },

    /** One use spent; the last use deletes the invitation (reference §2.4). */
    async spendOne(executor: Executor, tokenId: number) {
      const [row] = await executor
        .update(inviteTokens)
        .set({ usesLeft: sql`${inviteTokens.usesLeft} - 1` })
        .where(eq(inviteTokens.id, tokenId))
        .returning({ usesLeft: inviteTokens.usesLeft })
      if (row && row.usesLeft <= 0) await executor.delete(inviteTokens).where(eq(inviteTokens.id, tokenId))
    },
  }
}

export type InvitationRepo = ReturnType<typeof createInvitationRepo>
