import { maximumInputDepth, nutritionFields, tooDeepMessage } from '@larder/contracts'
import { commaTags, dateOf, textOf, timeText } from '../field-text.js'
import { blankRecipe, type MigratedRecipe, type MigratedStep, type NutritionField } from '../migrated-recipe.js'

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const texts = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap((item) => (textOf(item) ? [textOf(item)!] : []))
  const single = textOf(value)
  return single ? [single] : []
}

/**
 * Steps from strings, HowToStep objects and HowToSection objects (whose name titles their first step). Sections in
 * sections are followed only as deep as a request body may nest: a file is no more trusted than a request.
 */
function stepsOf(value: unknown, depth = 0): MigratedStep[] {
  if (depth > maximumInputDepth) throw new Error(tooDeepMessage)
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.flatMap((item): MigratedStep[] => {
    if (typeof item === 'string') return item.trim() ? [{ text: item.trim() }] : []
    if (!isObject(item)) return []
    if (item['@type'] === 'HowToSection' || Array.isArray(item.itemListElement)) {
      const inner = stepsOf(item.itemListElement, depth + 1)
      const title = textOf(item.name)
      if (title && inner[0]) inner[0] = { ...inner[0], title }
      return inner
    }
    const text = textOf(item.text) ?? textOf(item.name)
    return text ? [{ text }] : []
  })
}

/** Nutrition as the export wrote it ("134 kcal"), for the fields a recipe has. */
function nutritionOf(value: unknown): MigratedRecipe['nutrition'] {
  if (!isObject(value)) return undefined
  const nutrition: Partial<Record<NutritionField, string>> = {}
  for (const field of nutritionFields) {
    const text = textOf(value[field])
    if (text) nutrition[field] = text
  }
  return Object.keys(nutrition).length > 0 ? nutrition : undefined
}

/**
 * A schema.org Recipe object as exports write it (Nextcloud Cookbook's recipe.json): the fields a recipe keeps, with
 * keywords as tags and recipeCategory as categories.
 */
export function schemaOrgRecipe(fields: Fields): MigratedRecipe {
  const name = textOf(fields.name)
  if (!name) throw new Error('The recipe has no name')
  const recipe = blankRecipe(name)
  recipe.description = textOf(fields.description)
  recipe.ingredients = texts(fields.recipeIngredient).map((text) => ({ text }))
  recipe.steps = stepsOf(fields.recipeInstructions)
  const yieldValue: unknown = Array.isArray(fields.recipeYield)
    ? (fields.recipeYield as unknown[])[0]
    : fields.recipeYield
  recipe.recipeYield = textOf(yieldValue)
  if (typeof yieldValue === 'number' && yieldValue > 0) recipe.recipeServings = yieldValue
  else if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
  recipe.prepTime = timeText(fields.prepTime)
  recipe.performTime = timeText(fields.cookTime)
  recipe.totalTime = timeText(fields.totalTime)
  recipe.nutrition = nutritionOf(fields.nutrition)
  recipe.categories = texts(fields.recipeCategory)
  recipe.tags = Array.isArray(fields.keywords) ? texts(fields.keywords) : commaTags(fields.keywords)
  recipe.tools = texts(fields.tool).filter((tool) => tool.length <= 200)
  recipe.orgURL = textOf(fields.url)
  recipe.dateAdded = dateOf(fields.dateCreated)
  const image: unknown = Array.isArray(fields.image) ? (fields.image as unknown[])[0] : fields.image
  const imageUrl = textOf(isObject(image) ? image.url : image)
  if (imageUrl && /^https?:\/\//i.test(imageUrl)) recipe.imageUrl = imageUrl
  return recipe
}
