import type { UserRatingOut, UserRatingSummary, UserRatingUpdate } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import type { Access } from '../access/index.js'
import type { GroupRecipeRepo } from './group-recipes.repo.js'
import type { RatingRepo, RatingRow } from './ratings.repo.js'

const summaryOf = (row: RatingRow): UserRatingSummary => ({
  recipeId: row.recipeId,
  rating: row.rating,
  isFavorite: row.isFavorite,
})
const outOf = (row: RatingRow): UserRatingOut => ({ ...summaryOf(row), userId: row.userId, id: row.id })

/**
 * Ratings and favourites (docs/mealie-compatibility.md "Favorites and ratings"). A user rates recipes of their own group; through `/api/users/{id}` one
 * acts on one's own ratings, or an administrator on anyone's (the access module decides). The recipe's average is
 * recomputed in the transaction of every rating change, with the recipe locked so parallel ratings take turns.
 */
export function createRatingService(deps: {
  db: Database
  ratings: RatingRepo
  groupRecipes: GroupRecipeRepo
  access: Access
}) {
  const { db, ratings, groupRecipes, access } = deps

  /** The tenancy of the user named in the path, once the caller may act on their ratings. */
  async function scopeOfUser(caller: Caller, userId: string): Promise<Scope> {
    if (userId === caller.userId) return caller
    const [user] = await access.requireActingForUsers(
      db,
      caller,
      [userId],
      'You may only read and change your own ratings',
    )
    return { userId, groupId: user!.groupId, householdId: user!.householdId }
  }

  async function change(caller: Caller, userId: string, slugOrId: string, update: UserRatingUpdate): Promise<void> {
    const scope = await scopeOfUser(caller, userId)
    const changesRating = update.rating !== undefined && update.rating !== null
    await inTransaction(db, async (tx) => {
      // The user's own group: a rating never links a user to another group's recipe.
      const recipe = changesRating
        ? await groupRecipes.lockRecipeInGroup(tx, scope, slugOrId)
        : await groupRecipes.findRecipeInGroup(tx, scope, slugOrId)
      if (!recipe) throw notFound('Recipe not found')
      await ratings.upsert(tx, scope, recipe.id, update)
      if (changesRating) await ratings.recomputeRecipeRating(tx, scope, recipe.id)
    })
  }

  return {
    async listOwn(caller: Caller, favoritesOnly: boolean): Promise<{ ratings: UserRatingSummary[] }> {
      return { ratings: (await ratings.listOfUser(db, caller, { favoritesOnly })).map(summaryOf) }
    },

    async getOwn(caller: Caller, recipeId: string): Promise<UserRatingSummary> {
      const row = await ratings.findOfUser(db, caller, recipeId)
      if (!row) throw notFound('User has not rated this recipe')
      return summaryOf(row)
    },

    async listOfUser(caller: Caller, userId: string, favoritesOnly: boolean): Promise<{ ratings: UserRatingOut[] }> {
      const scope = await scopeOfUser(caller, userId)
      return { ratings: (await ratings.listOfUser(db, scope, { favoritesOnly })).map(outOf) }
    },

    rate: (caller: Caller, userId: string, slugOrId: string, update: UserRatingUpdate) =>
      change(caller, userId, slugOrId, update),

    setFavorite: (caller: Caller, userId: string, slugOrId: string, isFavorite: boolean) =>
      change(caller, userId, slugOrId, { isFavorite }),
  }
}

export type RatingService = ReturnType<typeof createRatingService>
