import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../src/db/client.js'
import { recipeCategories, recipeIngredients, recipes, recipeTags, recipeTools, users } from '../src/db/schema/index.js'
import { slugify } from '../src/lib/slugs.js'

/**
 * Recipe rows written straight to the database, for the areas that read recipes (organizers' recipe lists, food and
 * unit merges) without going through the recipes area. Owned by `ownerId`, in that user's group and household.
 */
export async function insertRecipe(
  db: Database,
  options: {
    ownerId: string
    name?: string
    categoryIds?: string[]
    tagIds?: string[]
    toolIds?: string[]
    ingredients?: { foodId?: string | null; unitId?: string | null; note?: string }[]
  },
) {
  const [owner] = await db.select().from(users).where(eq(users.id, options.ownerId))
  if (!owner) throw new Error(`no user ${options.ownerId}`)
  const name = options.name ?? `Recipe ${randomBytes(4).toString('hex')}`
  const [recipe] = await db
    .insert(recipes)
    .values({ groupId: owner.groupId, householdId: owner.householdId, userId: owner.id, name, slug: slugify(name) })
    .returning()
  const recipeId = recipe!.id
  for (const categoryId of options.categoryIds ?? []) await db.insert(recipeCategories).values({ recipeId, categoryId })
  for (const tagId of options.tagIds ?? []) await db.insert(recipeTags).values({ recipeId, tagId })
  for (const toolId of options.toolIds ?? []) await db.insert(recipeTools).values({ recipeId, toolId })
  for (const [position, ingredient] of (options.ingredients ?? []).entries()) {
    await db.insert(recipeIngredients).values({
      recipeId,
      position,
      foodId: ingredient.foodId ?? null,
      unitId: ingredient.unitId ?? null,
      note: ingredient.note ?? null,
      referenceId: randomUUID(),
    })
  }
  return recipe!
}

/** The food and unit of each ingredient line of a recipe, in order. */
export async function ingredientsOf(db: Database, recipeId: string) {
  return db
    .select({ foodId: recipeIngredients.foodId, unitId: recipeIngredients.unitId })
    .from(recipeIngredients)
    .where(eq(recipeIngredients.recipeId, recipeId))
    .orderBy(recipeIngredients.position)
}
