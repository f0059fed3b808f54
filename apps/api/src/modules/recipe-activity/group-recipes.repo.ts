import { and, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { householdRecipeData, recipes } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A slug or an id names a recipe (docs/mealie-compatibility.md "Recipe conventions"): a key that reads as a UUID is an id, anything else a slug. */
const recipeNamed = (key: string): SQL => (uuidPattern.test(key) ? eq(recipes.id, key) : eq(recipes.slug, key))

const recipeOfGroup = (scope: Pick<Scope, 'groupId'>, key: string) =>
  and(eq(recipes.groupId, scope.groupId), recipeNamed(key))

/** What this area needs of a recipe: whose it is and whether it takes comments. */
const recipeFacts = {
  id: recipes.id,
  name: recipes.name,
  slug: recipes.slug,
  groupId: recipes.groupId,
  householdId: recipes.householdId,
  userId: recipes.userId,
  disableComments: recipes.settingsDisableComments,
}

export type GroupRecipe = {
  id: string
  name: string
  slug: string
  groupId: string
  householdId: string
  userId: string
  disableComments: boolean
}

/**
 * The recipes that ratings, comments, events and share tokens hang on, looked up by slug or id within the scope's
 * group only: a recipe of another group is simply not found. (The recipes area owns the recipe itself; these are the
 * few reads this area needs of it.)
 */
export const groupRecipeRepo = {
  async findRecipeInGroup(ex: Executor, scope: Pick<Scope, 'groupId'>, slugOrId: string): Promise<GroupRecipe | null> {
    const [row] = await ex.select(recipeFacts).from(recipes).where(recipeOfGroup(scope, slugOrId)).limit(1)
    return row ?? null
  },

  /**
   * The same lookup, locking the recipe row until the transaction ends (`FOR NO KEY UPDATE`), so that rating changes
   * of one recipe take turns and each recomputes the average with every earlier change committed. NO KEY UPDATE
   * does not block the foreign-key checks of rows that reference the recipe (a favourite being inserted meanwhile).
   */
  async lockRecipeInGroup(ex: Executor, scope: Pick<Scope, 'groupId'>, slugOrId: string): Promise<GroupRecipe | null> {
    const [row] = await ex
      .select(recipeFacts)
      .from(recipes)
      .where(recipeOfGroup(scope, slugOrId))
      .limit(1)
      .for('no key update')
    return row ?? null
  },

  /** The scope's household's own "last made" of a recipe of the group; null when the household has none. */
  async householdLastMade(ex: Executor, scope: Scope, recipeId: string): Promise<Date | null> {
    const [row] = await ex
      .select({ lastMade: householdRecipeData.lastMade })
      .from(householdRecipeData)
      .innerJoin(recipes, eq(recipes.id, householdRecipeData.recipeId))
      .where(
        and(
          eq(householdRecipeData.householdId, scope.householdId),
          eq(householdRecipeData.recipeId, recipeId),
          eq(recipes.groupId, scope.groupId),
        ),
      )
      .limit(1)
    return row?.lastMade ?? null
  },
}

export type GroupRecipeRepo = typeof groupRecipeRepo
