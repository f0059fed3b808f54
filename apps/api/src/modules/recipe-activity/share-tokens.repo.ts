import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeShareTokens } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

const tokenColumns = {
  id: recipeShareTokens.id,
  recipeId: recipeShareTokens.recipeId,
  groupId: recipeShareTokens.groupId,
  expiresAt: recipeShareTokens.expiresAt,
  createdAt: recipeShareTokens.createdAt,
}

export type ShareTokenRow = { id: string; recipeId: string; groupId: string; expiresAt: Date; createdAt: Date }

const inGroup = (scope: Scope) => eq(recipeShareTokens.groupId, scope.groupId)

/** Share tokens are group-owned rows; the token is the row's id. */
export const shareTokenRepo = {
  async list(ex: Executor, scope: Scope, recipeId: string | undefined): Promise<ShareTokenRow[]> {
    return ex
      .select(tokenColumns)
      .from(recipeShareTokens)
      .where(and(inGroup(scope), recipeId === undefined ? undefined : eq(recipeShareTokens.recipeId, recipeId)))
      .orderBy(asc(recipeShareTokens.createdAt), asc(recipeShareTokens.id))
  },

  async find(ex: Executor, scope: Scope, tokenId: string): Promise<ShareTokenRow | null> {
    const [row] = await ex
      .select(tokenColumns)
      .from(recipeShareTokens)
      .where(and(inGroup(scope), eq(recipeShareTokens.id, tokenId)))
      .limit(1)
    return row ?? null
  },

  /**
   * The token a signed-out reader presents, from any group: the token itself is the secret. An expired token is not
   * found (Mealie never checks `expiresAt`; docs/mealie-compatibility.md "Recipe quirks" suggests enforcing it).
   */
  async findAnyUnexpired(ex: Executor, tokenId: string): Promise<ShareTokenRow | null> {
    const [row] = await ex
      .select(tokenColumns)
      .from(recipeShareTokens)
      .where(and(eq(recipeShareTokens.id, tokenId), gt(recipeShareTokens.expiresAt, sql`now()`)))
      .limit(1)
    return row ?? null
  },

  /** For a recipe already known to be of the scope's group. */
  async insert(ex: Executor, scope: Scope, recipeId: string, expiresAt: Date): Promise<ShareTokenRow> {
    const [row] = await ex
      .insert(recipeShareTokens)
      .values({ groupId: scope.groupId, recipeId, expiresAt })
      .returning(tokenColumns)
    return row!
  },

  async delete(ex: Executor, scope: Scope, tokenId: string): Promise<boolean> {
    const rows = await ex
      .delete(recipeShareTokens)
      .where(and(inGroup(scope), eq(recipeShareTokens.id, tokenId)))
      .returning({ id: recipeShareTokens.id })
    return rows.length > 0
  },
}

export type ShareTokenRepo = typeof shareTokenRepo
