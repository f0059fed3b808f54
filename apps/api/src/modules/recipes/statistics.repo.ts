import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeCategories, recipes, recipeTags } from '../../db/schema/index.js'

/**
 * The site's recipe counts for the administrators' statistics (docs/mealie-compatibility.md "Administration": instance-wide, every group): all
 * recipes, those in no category and those with no tag. One scan of the recipes with two index probes each.
 */
export async function countAnyRecipes(db: Executor) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      uncategorized: sql<number>`(count(*) filter (where not exists (
        select 1 from ${recipeCategories} where ${recipeCategories.recipeId} = ${recipes.id})))::int`,
      untagged: sql<number>`(count(*) filter (where not exists (
        select 1 from ${recipeTags} where ${recipeTags.recipeId} = ${recipes.id})))::int`,
    })
    .from(recipes)
  return { total: row?.total ?? 0, uncategorized: row?.uncategorized ?? 0, untagged: row?.untagged ?? 0 }
}
