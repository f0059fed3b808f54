import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { apiTokens } from '../../db/schema/index.js'

export function createApiTokenRepo(db: Database) {
  return {
    /** The tokens of several users in one query, for pages of UserOut. */
    async listForUsers(userIds: readonly string[]) {
      if (userIds.length === 0) return []
      return db
        .select({ id: apiTokens.id, userId: apiTokens.userId, name: apiTokens.name, createdAt: apiTokens.createdAt })
        .from(apiTokens)
        .where(inArray(apiTokens.userId, [...userIds]))
        .orderBy(asc(apiTokens.id))
    },

    async insert(values: { userId: string; name: string; integrationId: string; tokenHash: string }) {
      const [row] = await db.insert(apiTokens).values(values).returning()
      return row!
    },

    async findByHash(userId: string, tokenHash: string) {
      const [row] = await db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.tokenHash, tokenHash)))
        .limit(1)
      return row ?? null
    },

    async findById(tokenId: number) {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, tokenId)).limit(1)
      return row ?? null
    },

    async delete(tokenId: number) {
      await db.delete(apiTokens).where(eq(apiTokens.id, tokenId))
    },
  }
}

export type ApiTokenRepo = ReturnType<typeof createApiTokenRepo>
