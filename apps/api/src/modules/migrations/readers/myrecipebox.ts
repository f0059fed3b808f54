import { lines, minutesColumn, ratingOf, textOf } from '../field-text.js'
import {
  blankRecipe,
  readRecipe,
  unreadable,
  type MigratedRecipe,
  type MigrationItem,
  type NutritionField,
} from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'
import { csvRows } from './csv-rows.js'

/** My Recipe Box's nutrition keys (lower-cased) and the fields they fill (docs/mealie-compatibility.md "What each migration reads"). */
const nutritionKeys: Record<string, NutritionField> = {
  calories: 'calories',
  carbohydrate: 'carbohydrateContent',
  protein: 'proteinContent',
  fat: 'fatContent',
  saturatedfat: 'saturatedFatContent',
  transfat: 'transFatContent',
  sodium: 'sodiumContent',
  fiber: 'fiberContent',
  sugar: 'sugarContent',
  unsaturatedfat: 'unsaturatedFatContent',
  cholesterol: 'cholesterolContent',
}

const semicolonList = (value: string | undefined) =>
  (value ?? '')
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')

function nutritionOf(text: string | undefined): MigratedRecipe['nutrition'] {
  const nutrition: Partial<Record<NutritionField, string>> = {}
  for (const line of lines(text)) {
    const [key, ...rest] = line.split(':')
    const field = nutritionKeys[(key ?? '').trim().toLowerCase()]
    const value = rest.join(':').trim()
    if (field && value) nutrition[field] = value
  }
  return Object.keys(nutrition).length > 0 ? nutrition : undefined
}

export function myRecipeBoxRecipe(row: Record<string, string>): MigratedRecipe {
  const name = textOf(row.title)
  if (!name) throw new Error('The row has no title')
  const recipe = blankRecipe(name)
  recipe.description = textOf(row.description)
  recipe.prepTime = minutesColumn(row.preparationTime)
  recipe.performTime = minutesColumn(row.cookingTime)
  recipe.totalTime = minutesColumn(row.totalTime)
  recipe.recipeYield = textOf(row.quantity)
  if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
  recipe.ingredients = lines(row.ingredients).map((text) => ({ text }))
  recipe.steps = lines(row.instructions).map((text) => ({ text }))
  recipe.notes = lines(row.notes).map((text) => ({ title: '', text }))
  recipe.nutrition = nutritionOf(row.nutrition)
  recipe.categories = semicolonList(row.categories)
  recipe.tags = semicolonList(row.tags)
  recipe.rating = ratingOf(row.rating)
  const source = textOf(row.source)
  const video = textOf(row.video)
  recipe.orgURL = source ?? video
  if (source && video) recipe.notes.push({ title: '', text: video })
  const picture = textOf(row.originalPicture)
  if (picture && /^https?:\/\//i.test(picture)) recipe.imageUrl = picture
  return recipe
}

/** My Recipe Box (docs/mealie-compatibility.md "What each migration reads"): the upload is the CSV itself, one recipe per row. */
export const readMyRecipeBox: MigrationReader = ({ upload }) => {
  const items: MigrationItem[] = []
  for (const row of csvRows(upload)) {
    try {
      items.push(readRecipe(myRecipeBoxRecipe(row)))
    } catch (error) {
      items.push(unreadable('Failed to parse recipe', error))
    }
  }
  return Promise.resolve(items)
}
