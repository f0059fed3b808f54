import type { RecipeSummary } from '@larder/contracts'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { categories, recipeCategories, recipes, recipeTags, recipeTools, tags, tools } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'
import { onHandAnswer } from './on-hand.js'
import { toolsOnHandRepo } from './on-hand.repo.js'

function groupedBy<Row extends { recipeId: string }, Item>(rows: Row[], item: (row: Row) => Item) {
  const grouped = new Map<string, Item[]>()
  for (const row of rows) {
    const list = grouped.get(row.recipeId) ?? []
    list.push(item(row))
    grouped.set(row.recipeId, list)
  }
  return grouped
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null)

/**
 * The RecipeSummary of each of the scope's group's recipes among `recipeIds`, in the order of `recipeIds` (ids of
 * another group are left out), with their categories, tags and tools. Used by the organizers' `/slug/:slug` answers;
 * the recipes area builds the same summaries for its lists and should own this function once it exists.
 */
export async function recipeSummariesOf(
  ex: Executor,
  scope: Scope,
  recipeIds: readonly string[],
): Promise<RecipeSummary[]> {
  if (recipeIds.length === 0) return []
  const ids = [...recipeIds]
  const [rows, categoryRows, tagRows, toolRows] = await Promise.all([
    ex
      .select()
      .from(recipes)
      .where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, ids))),
    ex
      .select({ recipeId: recipeCategories.recipeId, id: categories.id, name: categories.name, slug: categories.slug })
      .from(recipeCategories)
      .innerJoin(categories, eq(categories.id, recipeCategories.categoryId))
      .where(and(eq(categories.groupId, scope.groupId), inArray(recipeCategories.recipeId, ids)))
      .orderBy(asc(categories.name)),
    ex
      .select({ recipeId: recipeTags.recipeId, id: tags.id, name: tags.name, slug: tags.slug })
      .from(recipeTags)
      .innerJoin(tags, eq(tags.id, recipeTags.tagId))
      .where(and(eq(tags.groupId, scope.groupId), inArray(recipeTags.recipeId, ids)))
      .orderBy(asc(tags.name)),
    ex
      .select({ recipeId: recipeTools.recipeId, id: tools.id, name: tools.name, slug: tools.slug })
      .from(recipeTools)
      .innerJoin(tools, eq(tools.id, recipeTools.toolId))
      .where(and(eq(tools.groupId, scope.groupId), inArray(recipeTools.recipeId, ids)))
      .orderBy(asc(tools.name)),
  ])
  const holders = await toolsOnHandRepo.householdsOf(ex, scope, [...new Set(toolRows.map((row) => row.id))])
  const categoriesOf = groupedBy(categoryRows, ({ id, name, slug }) => ({ id, name, slug }))
  const tagsOf = groupedBy(tagRows, ({ id, name, slug }) => ({ id, name, slug }))
  const toolsOf = groupedBy(toolRows, ({ id, name, slug }) => {
    const { onHand, slugs } = onHandAnswer(holders.get(id), scope)
    return { id, name, slug, onHand, householdsWithTool: slugs }
  })
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const recipe = byId.get(id)
    if (!recipe) return []
    return [
      {
        id: recipe.id,
        userId: recipe.userId,
        householdId: recipe.householdId,
        groupId: recipe.groupId,
        name: recipe.name,
        slug: recipe.slug,
        image: recipe.image,
        recipeServings: recipe.recipeServings,
        recipeYieldQuantity: recipe.recipeYieldQuantity,
        recipeYield: recipe.recipeYield,
        totalTime: recipe.totalTime,
        prepTime: recipe.prepTime,
        cookTime: recipe.cookTime,
        performTime: recipe.performTime,
        description: recipe.description,
        recipeCategory: categoriesOf.get(id) ?? [],
        tags: tagsOf.get(id) ?? [],
        tools: toolsOf.get(id) ?? [],
        rating: recipe.rating,
        orgURL: recipe.orgUrl,
        dateAdded: recipe.dateAdded,
        dateUpdated: isoOrNull(recipe.dateUpdated),
        createdAt: isoOrNull(recipe.createdAt),
        updatedAt: isoOrNull(recipe.updatedAt),
        lastMade: isoOrNull(recipe.lastMade),
      },
    ]
  })
}
