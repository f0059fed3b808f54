import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { apiTokens } from '../../db/schema/index.js'

export function createApiTokenRepo(db: Database) {
  return {
    async listForUser(userId: string) {
      return db
        .select({ id: apiTokens.id, name: apiTokens.name, createdAt: apiTokens.createdAt })
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
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
