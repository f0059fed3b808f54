import { asc, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { apiTokens } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

/**
 * API token rows, owned by one user. Creating one writes it for the scope's user; revoking goes through the access
 * module first (owner or administrator), then deletes by id.
 */
export const apiTokenRepo = {
  /** The tokens of several users in one query, for pages of UserOut; the users were found by a scoped read. */
  async listForUsers(ex: Executor, userIds: readonly string[]) {
    if (userIds.length === 0) return []
    return ex
      .select({ id: apiTokens.id, userId: apiTokens.userId, name: apiTokens.name, createdAt: apiTokens.createdAt })
      .from(apiTokens)
      .where(inArray(apiTokens.userId, [...userIds]))
      .orderBy(asc(apiTokens.id))
  },

  async insert(ex: Executor, scope: Scope, values: { name: string; integrationId: string; tokenHash: string }) {
    const [row] = await ex
      .insert(apiTokens)
      .values({ ...values, userId: scope.userId })
      .returning()
    return row!
  },

  /** Deletes tokens the access module has allowed the caller to revoke (their own, or any for an administrator). */
  async deleteAny(ex: Executor, tokenIds: readonly number[]) {
    if (tokenIds.length === 0) return
    await ex.delete(apiTokens).where(inArray(apiTokens.id, [...tokenIds]))
  },
}

export type ApiTokenRepo = typeof apiTokenRepo
