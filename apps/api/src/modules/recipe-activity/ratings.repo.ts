import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeRatings, recipes } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

const ratingColumns = {
  id: recipeRatings.id,
  userId: recipeRatings.userId,
  recipeId: recipeRatings.recipeId,
  rating: recipeRatings.rating,
  isFavorite: recipeRatings.isFavorite,
}

export type RatingRow = { id: string; userId: string; recipeId: string; rating: number | null; isFavorite: boolean }

/**
 * Ratings and favourites of the scope's user, on recipes of the scope's group. A rating row whose recipe moved to
 * another group (it cannot today) would simply not be read.
 */
export const ratingRepo = {
  async listOfUser(ex: Executor, scope: Scope, options: { favoritesOnly: boolean }): Promise<RatingRow[]> {
    return ex
      .select(ratingColumns)
      .from(recipeRatings)
      .innerJoin(recipes, eq(recipes.id, recipeRatings.recipeId))
      .where(
        and(
          eq(recipeRatings.userId, scope.userId),
          eq(recipes.groupId, scope.groupId),
          options.favoritesOnly ? eq(recipeRatings.isFavorite, true) : undefined,
        ),
      )
      .orderBy(recipeRatings.createdAt, recipeRatings.id)
  },

  async findOfUser(ex: Executor, scope: Scope, recipeId: string): Promise<RatingRow | null> {
    const [row] = await ex
      .select(ratingColumns)
      .from(recipeRatings)
      .innerJoin(recipes, eq(recipes.id, recipeRatings.recipeId))
      .where(
        and(
          eq(recipeRatings.userId, scope.userId),
          eq(recipeRatings.recipeId, recipeId),
          eq(recipes.groupId, scope.groupId),
        ),
      )
      .limit(1)
    return row ?? null
  },

  /**
   * One row per user and recipe, safe under parallel calls: the unique (user, recipe) index decides, and a later call
   * changes only the fields it gives (docs/mealie-compatibility.md "Cookbooks"). The recipe must already be known to be in the scope's group.
   */
  async upsert(
    ex: Executor,
    scope: Scope,
    recipeId: string,
    change: { rating?: number | null | undefined; isFavorite?: boolean | null | undefined },
  ): Promise<void> {
    const rating = change.rating ?? null
    const isFavorite = change.isFavorite ?? null
    await ex
      .insert(recipeRatings)
      .values({ userId: scope.userId, recipeId, rating, isFavorite: isFavorite ?? false })
      .onConflictDoUpdate({
        target: [recipeRatings.userId, recipeRatings.recipeId],
        set: {
          ...(rating === null ? {} : { rating }),
          ...(isFavorite === null ? {} : { isFavorite }),
          updatedAt: sql`now()`,
        },
      })
  },

  /**
   * Sets the recipe's rating to the average of its ratings above 0 (null when there are none), read from the table
   * in the same statement. Run it inside the transaction that changed a rating, after locking the recipe.
   */
  async recomputeRecipeRating(ex: Executor, scope: Scope, recipeId: string): Promise<void> {
    await ratingRepo.recomputeRecipeRatings(ex, scope, [recipeId])
  },

  /** The same for several recipes in one statement, each from its own ratings. */
  async recomputeRecipeRatings(ex: Executor, scope: Pick<Scope, 'groupId'>, recipeIds: readonly string[]) {
    if (recipeIds.length === 0) return
    const average = ex
      .select({ value: sql<number | null>`avg(${recipeRatings.rating})` })
      .from(recipeRatings)
      .where(and(eq(recipeRatings.recipeId, recipes.id), gt(recipeRatings.rating, 0)))
    await ex
      .update(recipes)
      .set({ rating: sql`(${average})` })
      .where(and(inArray(recipes.id, [...recipeIds]), eq(recipes.groupId, scope.groupId)))
  },

  /**
   * Locks the recipes a user rated above 0 (their averages count that rating), in id order as one rating change
   * locks its recipe, and returns their ids: the user's ratings can then go and the averages be recomputed.
   */
  async lockRecipesRatedBy(ex: Executor, userId: string): Promise<string[]> {
    const rows = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(
        inArray(
          recipes.id,
          ex
            .select({ id: recipeRatings.recipeId })
            .from(recipeRatings)
            .where(and(eq(recipeRatings.userId, userId), gt(recipeRatings.rating, 0))),
        ),
      )
      .orderBy(asc(recipes.id))
      .for('no key update')
    return rows.map((row) => row.id)
  },

  async deleteAllOfUser(ex: Executor, userId: string): Promise<void> {
    await ex.delete(recipeRatings).where(eq(recipeRatings.userId, userId))
  },
}

export type RatingRepo = typeof ratingRepo
