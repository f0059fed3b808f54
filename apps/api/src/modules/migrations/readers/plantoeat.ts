import { commaTags, dateOf, fileNameOf, lines, minutesColumn, ratingOf, textOf, titleCase } from '../field-text.js'
import {
  blankRecipe,
  readRecipe,
  unreadable,
  type MigratedIngredient,
  type MigratedRecipe,
  type MigrationItem,
  type NutritionField,
} from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'
import { csvRows } from './csv-rows.js'

const nutritionColumns: Array<[string, NutritionField]> = [
  ['Calories', 'calories'],
  ['Fat', 'fatContent'],
  ['Saturated Fat', 'saturatedFatContent'],
  ['Cholesterol', 'cholesterolContent'],
  ['Sodium', 'sodiumContent'],
  ['Sugar', 'sugarContent'],
  ['Carbohydrate', 'carbohydrateContent'],
  ['Fiber', 'fiberContent'],
  ['Protein', 'proteinContent'],
]

/** Plan to Eat marks a section heading as a line starting with ", "; it titles the ingredient after it. */
function ingredientsOf(text: string | undefined): MigratedIngredient[] {
  const result: MigratedIngredient[] = []
  let title: string | undefined
  for (const line of lines(text)) {
    if (line.startsWith(',')) {
      title = textOf(line.slice(1))
      continue
    }
    result.push(title ? { text: line, title } : { text: line })
    title = undefined
  }
  return result
}

export function planToEatRecipe(row: Record<string, string>): MigratedRecipe {
  const name = textOf(row.Title)
  if (!name) throw new Error('The row has no Title')
  const recipe = blankRecipe(name)
  recipe.description = textOf(row.Description)
  recipe.ingredients = ingredientsOf(row.Ingredients)
  recipe.steps = lines(row.Directions).map((text) => ({ text }))
  recipe.recipeYield = textOf(row.Servings) ?? textOf(row.Yield)
  if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
  recipe.orgURL = textOf(row.Url)
  recipe.rating = ratingOf(row.Rating)
  recipe.prepTime = minutesColumn(row['Prep Time'])
  recipe.performTime = minutesColumn(row['Cook Time'])
  recipe.totalTime = minutesColumn(row['Total Time'])
  recipe.dateAdded = dateOf(row['Created At'])
  recipe.categories = [row.Course, row.Cuisine].flatMap((value) => (textOf(value) ? [titleCase(textOf(value)!)] : []))
  recipe.tags = [...commaTags(row.Tags), ...(textOf(row['Main Ingredient']) ? [textOf(row['Main Ingredient'])!] : [])]
  const nutrition: MigratedRecipe['nutrition'] = {}
  for (const [column, field] of nutritionColumns) {
    const value = textOf(row[column])
    if (value) nutrition[field] = value
  }
  if (Object.keys(nutrition).length > 0) recipe.nutrition = nutrition
  const photo = textOf(row['Photo Url'])
  if (photo && /^https?:\/\//i.test(photo)) recipe.imageUrl = photo
  return recipe
}

/** Plan to Eat (docs/mealie-compatibility.md "What each migration reads"): a zip of CSV files, one recipe per row. */
export const readPlanToEat: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const items: MigrationItem[] = []
  for (const entry of files.entries) {
    const fileName = fileNameOf(entry.path)
    if (!/\.csv$/i.test(fileName) || fileName.startsWith('.')) continue
    for (const row of csvRows(entry.bytes)) {
      try {
        items.push(readRecipe(planToEatRecipe(row)))
      } catch (error) {
        items.push(unreadable('Failed to parse recipe', error))
      }
    }
  }
  return items
}
