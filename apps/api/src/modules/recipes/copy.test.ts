import { duplicateRecipe } from '@larder/contracts'
import { eq, getTableColumns } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { recipeIngredients, recipeInstructions, recipes } from '../../db/schema/index.js'
import { columnsNotCopied, type CopiedRecipeValues } from './copy.repo.js'

/**
 * A value for every column a copy keeps, none of them a default: a copy that leaves one out shows as a difference.
 * A new column of `recipes` fails to compile here until it is given a value or named in `columnsNotCopied`.
 */
const sourceValues: CopiedRecipeValues = {
  description: 'A description',
  recipeYield: '4 bowls',
  recipeYieldQuantity: 4,
  recipeServings: 3,
  totalTime: '1 hour',
  prepTime: '10 minutes',
  cookTime: '50 minutes',
  performTime: '5 minutes',
  orgUrl: 'https://example.com/soup',
  settingsPublic: true,
  settingsShowNutrition: true,
  settingsShowAssets: true,
  settingsLandscapeView: true,
  settingsDisableComments: true,
  settingsDisableAmount: false,
  settingsLocked: true,
  nutrition: { calories: '300' },
  notes: [{ title: 'Tip', text: 'Salt late' }],
  extras: { origin: 'grandmother' },
  assets: [{ name: 'Card', icon: 'mdiFile', fileName: 'card.pdf' }],
}

describe('duplicating a recipe', () => {
  it('copies every column but those named with a reason in columnsNotCopied', async () => {
    const { api, make, db } = await createTestApp()
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    await db.update(recipes).set(sourceValues).where(eq(recipes.id, recipe.id))
    const copy = await api.ok(duplicateRecipe, { as: owner, params: { slug: recipe.slug }, body: {} })
    const [source] = await db.select().from(recipes).where(eq(recipes.id, recipe.id))
    const [copied] = await db.select().from(recipes).where(eq(recipes.id, copy.id))
    for (const column of Object.keys(getTableColumns(recipes)) as Array<keyof typeof source>) {
      if (column in columnsNotCopied) continue
      expect({ column, value: copied![column] }).toEqual({ column, value: source![column] })
    }
  })

  it('copies every column of the ingredients and steps but their identity, the references following', async () => {
    const { api, make, db } = await createTestApp()
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const referenceId = randomUUID()
    await db.insert(recipeIngredients).values({
      recipeId: recipe.id,
      position: 0,
      title: 'For the soup',
      note: 'chopped',
      quantity: 2,
      originalText: '2 onions, chopped',
      referenceId,
    })
    await db.insert(recipeInstructions).values({
      recipeId: recipe.id,
      position: 0,
      title: 'Start',
      summary: 'Onions',
      text: `Fry, as in /r/${recipe.id}`,
      ingredientReferences: [{ referenceId }],
    })
    const copy = await api.ok(duplicateRecipe, { as: owner, params: { slug: recipe.slug }, body: {} })
    const ingredientsOf = (id: string) => db.select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, id))
    const stepsOf = (id: string) => db.select().from(recipeInstructions).where(eq(recipeInstructions.recipeId, id))
    const [sourceIngredient] = await ingredientsOf(recipe.id)
    const [copiedIngredient] = await ingredientsOf(copy.id)
    const { id, recipeId, referenceId: sourceReference, ...kept } = sourceIngredient!
    expect(copiedIngredient).toEqual({
      ...kept,
      id: expect.not.stringMatching(id),
      recipeId: copy.id,
      referenceId: expect.not.stringMatching(sourceReference),
    })
    expect(recipeId).toBe(recipe.id)
    const [sourceStep] = await stepsOf(recipe.id)
    const [copiedStep] = await stepsOf(copy.id)
    expect(copiedStep).toEqual({
      ...sourceStep,
      id: expect.not.stringMatching(sourceStep!.id),
      recipeId: copy.id,
      text: `Fry, as in /r/${copy.id}`,
      ingredientReferences: [{ referenceId: copiedIngredient!.referenceId }],
    })
  })
})
