import type { Recipe, RecipeShareTokenCreate, RecipeShareTokenSummary } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import { loadRecipes } from '../recipes/index.js'
import type { GroupRecipeRepo } from './group-recipes.repo.js'
import type { ShareTokenRepo, ShareTokenRow } from './share-tokens.repo.js'

/** Mealie's default lifetime of a share token. */
const defaultLifetimeMs = 30 * 24 * 3600 * 1000

/** A reader with a token belongs to no household and is no user: nothing is "on hand" for them. */
const nobody = '00000000-0000-0000-0000-000000000000'

const summaryOf = (row: ShareTokenRow): RecipeShareTokenSummary => ({
  recipeId: row.recipeId,
  expiresAt: row.expiresAt.toISOString(),
  groupId: row.groupId,
  id: row.id,
  createdAt: row.createdAt.toISOString(),
})

/** Share tokens (docs/mealie-compatibility.md "Share tokens"): any member of the group shares any recipe of the group, and revokes any token. */
export function createShareTokenService(deps: { db: Database; tokens: ShareTokenRepo; groupRecipes: GroupRecipeRepo }) {
  const { db, tokens, groupRecipes } = deps

  return {
    async list(caller: Caller, recipeId: string | undefined): Promise<RecipeShareTokenSummary[]> {
      return (await tokens.list(db, caller, recipeId)).map(summaryOf)
    },

    async read(caller: Caller, tokenId: string): Promise<RecipeShareTokenSummary> {
      const row = await tokens.find(db, caller, tokenId)
      if (!row) throw notFound('Token Not Found')
      return summaryOf(row)
    },

    async create(caller: Caller, token: RecipeShareTokenCreate): Promise<RecipeShareTokenSummary> {
      const recipe = await groupRecipes.findRecipeInGroup(db, caller, token.recipeId)
      if (!recipe) throw notFound('Recipe not found')
      const expiresAt = token.expiresAt ? new Date(token.expiresAt) : new Date(Date.now() + defaultLifetimeMs)
      return summaryOf(await tokens.insert(db, caller, recipe.id, expiresAt))
    },

    async delete(caller: Caller, tokenId: string): Promise<void> {
      if (!(await tokens.delete(db, caller, tokenId))) throw notFound('Token Not Found')
    },

    /**
     * The recipe id and group a signed-out reader's token opens, or 404 when it is unknown or expired.
     */
    async openToken(tokenId: string): Promise<{ recipeId: string; groupId: string }> {
      const row = await tokens.findAnyUnexpired(db, tokenId)
      if (!row) throw notFound('Token Not Found')
      return { recipeId: row.recipeId, groupId: row.groupId }
    },

    /** `GET /api/recipes/shared/{token}`: the whole recipe a valid token opens, to anyone who holds it. */
    async readSharedRecipe(tokenId: string): Promise<Recipe> {
      const row = await tokens.findAnyUnexpired(db, tokenId)
      if (!row) throw notFound('Token Not Found')
      const [recipe] = await loadRecipes(db, { groupId: row.groupId, householdId: nobody, userId: nobody }, [
        row.recipeId,
      ])
      if (!recipe) throw notFound('Token Not Found')
      return recipe
    },
  }
}

export type ShareTokenService = ReturnType<typeof createShareTokenService>
