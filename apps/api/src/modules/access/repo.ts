import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { apiTokens, householdPreferences, inviteTokens, recipeComments, recipes, users } from '../../db/schema/index.js'
import type { OwnedFacts, RecipeFacts, UserFacts } from './rules.js'

/**
 * The facts the access rules decide on, for many rows in one query each. These reads are unscoped on purpose: deciding
 * "not found" for a row of another tenant is the rules' job, and they see only ids, owners, groups and households.
 */
export const accessRepo = {
  async userFacts(ex: Executor, userIds: readonly string[]): Promise<Map<string, UserFacts>> {
    const ids = userIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    if (ids.length === 0) return new Map()
    const rows = await ex
      .select({ id: users.id, groupId: users.groupId, householdId: users.householdId })
      .from(users)
      .where(inArray(users.id, ids))
    return new Map(rows.map((row) => [row.id, row]))
  },

  async apiTokenFacts(ex: Executor, tokenIds: readonly number[]): Promise<Map<number, OwnedFacts & { name: string }>> {
    if (tokenIds.length === 0) return new Map()
    const rows = await ex
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        userId: apiTokens.userId,
        groupId: users.groupId,
        householdId: users.householdId,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(inArray(apiTokens.id, [...tokenIds]))
    return new Map(rows.map(({ id, ...facts }) => [id, facts]))
  },

  /** Invitations that can still be used, by the hash of their token. */
  async invitationFacts(
    ex: Executor,
    tokenHashes: readonly string[],
  ): Promise<Map<string, Omit<OwnedFacts, 'userId'>>> {
    if (tokenHashes.length === 0) return new Map()
    const rows = await ex
      .select({
        tokenHash: inviteTokens.tokenHash,
        groupId: inviteTokens.groupId,
        householdId: inviteTokens.householdId,
      })
      .from(inviteTokens)
      .where(and(inArray(inviteTokens.tokenHash, [...tokenHashes]), gt(inviteTokens.expiresAt, sql`now()`)))
    return new Map(rows.map(({ tokenHash, ...facts }) => [tokenHash, facts]))
  },
  /** Recipes by id with their lock and their owning household's lock preference, in one query. */
  async recipeFacts(ex: Executor, recipeIds: readonly string[]): Promise<Map<string, RecipeFacts>> {
    const ids = recipeIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    if (ids.length === 0) return new Map()
    const rows = await ex
      .select({
        id: recipes.id,
        userId: recipes.userId,
        groupId: recipes.groupId,
        householdId: recipes.householdId,
        locked: recipes.settingsLocked,
        ownerHouseholdLocksEdits: sql<boolean>`coalesce(${householdPreferences.lockRecipeEditsFromOtherHouseholds}, true)`,
      })
      .from(recipes)
      .leftJoin(householdPreferences, eq(householdPreferences.householdId, recipes.householdId))
      .where(inArray(recipes.id, ids))
    return new Map(rows.map(({ id, ...facts }) => [id, facts]))
  },

  /** Comments by id: their author, and the group and household of the recipe they are on. */
  async commentFacts(ex: Executor, commentIds: readonly string[]): Promise<Map<string, OwnedFacts>> {
    const ids = commentIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    if (ids.length === 0) return new Map()
    const rows = await ex
      .select({
        id: recipeComments.id,
        userId: recipeComments.userId,
        groupId: recipes.groupId,
        householdId: recipes.householdId,
      })
      .from(recipeComments)
      .innerJoin(recipes, eq(recipes.id, recipeComments.recipeId))
      .where(inArray(recipeComments.id, ids))
    return new Map(rows.map(({ id, ...facts }) => [id, facts]))
  },
}
