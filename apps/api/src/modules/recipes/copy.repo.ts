import { asc, eq, getTableColumns } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Executor } from '../../db/client.js'
import {
  recipeCategories,
  recipeIngredients,
  recipeInstructions,
  recipes,
  recipeTags,
  recipeTools,
} from '../../db/schema/index.js'
import type { RecipeRow, RecipeValues } from './repo.js'

/**
 * The columns of a recipe that a copy does not take from its source, each with the reason. Every other column is
 * copied, so a column added later is copied without anyone remembering to: field-by-field copies lost new fields
 * silently. `copy.test.ts` fails when a column is neither copied nor named here.
 */
export const columnsNotCopied = {
  id: 'the copy is a new row',
  groupId: 'the caller’s group',
  householdId: 'the caller’s household, which owns the copy',
  userId: 'the caller, who owns the copy',
  name: 'the name the person chose, or the first free one',
  slug: 'made from the copy’s own name',
  image: 'a new cache key, so that the copy’s image is its own file',
  rating: 'ratings are people’s opinions of the source',
  dateAdded: 'today, when the copy came into being',
  dateUpdated: 'now',
  lastMade: 'no one has made the copy yet',
  searchName: 'computed by the search refresh',
  searchDocument: 'computed by the search refresh',
  searchHead: 'computed by the search refresh',
  categoryIds: 'kept by triggers from the link tables, which are copied',
  tagIds: 'kept by triggers from the link tables, which are copied',
  toolIds: 'kept by triggers from the link tables, which are copied',
  createdAt: 'now',
  updatedAt: 'now',
} as const satisfies Partial<Record<keyof RecipeRow, string>>

type NotCopied = keyof typeof columnsNotCopied
export type CopiedRecipeValues = Omit<RecipeRow, NotCopied>

/** The source row's values that a copy keeps: every column but those of `columnsNotCopied`. */
export function copiedRecipeValues(source: RecipeRow): CopiedRecipeValues & RecipeValues {
  const values: Record<string, unknown> = {}
  for (const column of Object.keys(getTableColumns(recipes)) as Array<keyof RecipeRow>) {
    if (!(column in columnsNotCopied)) values[column] = source[column]
  }
  return values as CopiedRecipeValues & RecipeValues
}

/**
 * Copies a recipe's ingredients, steps and organizer links onto `targetId`, in the executor's transaction. Every
 * column but the row's identity is copied; ingredients get new reference ids, and the steps' references and any
 * mention of the source's id in a step's text follow them to the copy.
 */
export async function copyRecipeParts(ex: Executor, sourceId: string, targetId: string): Promise<void> {
  const ingredients = await ex
    .select()
    .from(recipeIngredients)
    .where(eq(recipeIngredients.recipeId, sourceId))
    .orderBy(asc(recipeIngredients.position))
  const newReference = new Map(ingredients.map((row) => [row.referenceId, randomUUID()]))
  if (ingredients.length > 0) {
    await ex.insert(recipeIngredients).values(
      ingredients.map((row) => ({
        ...row,
        id: randomUUID(),
        recipeId: targetId,
        referenceId: newReference.get(row.referenceId)!,
      })),
    )
  }
  const steps = await ex
    .select()
    .from(recipeInstructions)
    .where(eq(recipeInstructions.recipeId, sourceId))
    .orderBy(asc(recipeInstructions.position))
  if (steps.length > 0) {
    await ex.insert(recipeInstructions).values(
      steps.map((row) => ({
        ...row,
        id: randomUUID(),
        recipeId: targetId,
        text: row.text.replaceAll(sourceId, targetId),
        ingredientReferences: row.ingredientReferences.map((reference) => ({
          referenceId: reference.referenceId
            ? (newReference.get(reference.referenceId) ?? reference.referenceId)
            : null,
        })),
      })),
    )
  }
  for (const links of [recipeCategories, recipeTags, recipeTools]) {
    const rows = await ex.select().from(links).where(eq(links.recipeId, sourceId))
    if (rows.length > 0) await ex.insert(links).values(rows.map((row) => ({ ...row, recipeId: targetId })))
  }
}
