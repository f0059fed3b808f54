import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeCategories, recipes, recipeTags } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'
import { isUuid } from './repo.js'

export interface LockedRecipe {
  id: string
  slug: string
  userId: string
  householdId: string
}

export interface BulkSettings {
  public: boolean
  showNutrition: boolean
  showAssets: boolean
  landscapeView: boolean
  disableComments: boolean
  disableAmount: boolean
  locked?: boolean | undefined
}

/** Recipes named by slug (or id), `SELECT … FOR UPDATE`, in `where`. */
function namedRecipes(keys: readonly string[]): SQL | undefined {
  const ids = keys.filter(isUuid).map((key) => key.toLowerCase())
  const named: SQL[] = [inArray(recipes.slug, [...keys])]
  if (ids.length > 0) named.push(inArray(recipes.id, ids))
  return or(...named)
}

/** Bulk writes of the recipes area: each function runs inside the caller's transaction, bounded by its group. */
export const bulkActionRepo = {
  /**
   * The named recipes of the group (or, with `householdOnly`, of the caller's household), in id order. With
   * `forUpdate` they are locked for the transaction in that order, whatever order the request names them in, so two
   * bulk actions on overlapping recipes queue up instead of deadlocking.
   */
  async findNamed(
    ex: Executor,
    scope: Scope,
    keys: readonly string[],
    options: { householdOnly?: boolean; forUpdate?: boolean } = {},
  ): Promise<LockedRecipe[]> {
    if (keys.length === 0) return []
    const query = ex
      .select({ id: recipes.id, slug: recipes.slug, userId: recipes.userId, householdId: recipes.householdId })
      .from(recipes)
      .where(
        and(
          eq(recipes.groupId, scope.groupId),
          options.householdOnly ? eq(recipes.householdId, scope.householdId) : undefined,
          namedRecipes(keys),
        ),
      )
      .orderBy(asc(recipes.id))
      .$dynamic()
    return options.forUpdate ? query.for('update') : query
  },

  /** Adds tags or categories to recipes, keeping those they have. */
  async addOrganizers(
    ex: Executor,
    kind: 'tags' | 'categories',
    recipeIds: readonly string[],
    organizerIds: readonly string[],
  ) {
    if (recipeIds.length === 0 || organizerIds.length === 0) return
    const pairs = recipeIds.flatMap((recipeId) => [...new Set(organizerIds)].map((id) => ({ recipeId, id })))
    if (kind === 'tags') {
      await ex
        .insert(recipeTags)
        .values(pairs.map(({ recipeId, id }) => ({ recipeId, tagId: id })))
        .onConflictDoNothing()
    } else {
      await ex
        .insert(recipeCategories)
        .values(pairs.map(({ recipeId, id }) => ({ recipeId, categoryId: id })))
        .onConflictDoNothing()
    }
  },

  /** Replaces the settings; `locked` changes only on the recipes `scope.userId` owns. */
  async setSettings(ex: Executor, scope: Scope, recipeIds: readonly string[], settings: BulkSettings) {
    if (recipeIds.length === 0) return
    const now = new Date()
    await ex
      .update(recipes)
      .set({
        settingsPublic: settings.public,
        settingsShowNutrition: settings.showNutrition,
        settingsShowAssets: settings.showAssets,
        settingsLandscapeView: settings.landscapeView,
        settingsDisableComments: settings.disableComments,
        settingsDisableAmount: settings.disableAmount,
        ...(settings.locked === undefined
          ? {}
          : {
              settingsLocked: sql`case when ${recipes.userId} = ${scope.userId} then ${settings.locked}
                else ${recipes.settingsLocked} end`,
            }),
        dateUpdated: now,
        updatedAt: now,
      })
      .where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, [...recipeIds])))
  },

  async touch(ex: Executor, scope: Scope, recipeIds: readonly string[]) {
    if (recipeIds.length === 0) return
    const now = new Date()
    await ex
      .update(recipes)
      .set({ dateUpdated: now, updatedAt: now })
      .where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, [...recipeIds])))
  },

  /** Deletes the recipes; their ingredients, steps, comments, events and links go by cascade. */
  async deleteRecipes(ex: Executor, scope: Scope, recipeIds: readonly string[]) {
    if (recipeIds.length === 0) return
    await ex.delete(recipes).where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, [...recipeIds])))
  },
}
