import { and, eq, gt } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeShareTokens, recipes } from '../../db/schema/index.js'

export interface SharedRecipe {
  recipeId: string
  slug: string
  groupId: string
  householdId: string
}

/** The recipe an unexpired share token opens, or null; a token is its own id (docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"). */
export async function findSharedRecipe(ex: Executor, token: string, now: Date): Promise<SharedRecipe | null> {
  const [row] = await ex
    .select({
      recipeId: recipes.id,
      slug: recipes.slug,
      groupId: recipes.groupId,
      householdId: recipes.householdId,
    })
    .from(recipeShareTokens)
    .innerJoin(recipes, and(eq(recipes.id, recipeShareTokens.recipeId), eq(recipes.groupId, recipeShareTokens.groupId)))
    .where(and(eq(recipeShareTokens.id, token), gt(recipeShareTokens.expiresAt, now)))
    .limit(1)
  return row ?? null
}
