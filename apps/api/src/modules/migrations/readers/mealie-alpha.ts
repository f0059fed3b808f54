import { nutritionFields } from '@larder/contracts'
import { dateOf, fileNameOf, folderOf, ratingOf, textOf, timeText } from '../field-text.js'
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

type Fields = Record<string, unknown>

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const snakeToCamel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

/** Organizers written as names or as `{name}` objects. */
const names = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const name = textOf(isObject(item) ? item.name : item)
        return name ? [name] : []
      })
    : []

/** Mealie's kitchen numbers: whole, or a fraction of 2, 3, 4 or 8 as "1 1/2"; other decimals as they are. */
export function amountText(quantity: number): string {
  const whole = Math.floor(quantity)
  const fraction = quantity - whole
  if (fraction < 0.001) return String(whole)
  for (const denominator of [2, 3, 4, 8]) {
    const numerator = Math.round(fraction * denominator)
    if (numerator > 0 && numerator < denominator && Math.abs(numerator / denominator - fraction) < 0.01) {
      return whole > 0 ? `${whole} ${numerator}/${denominator}` : `${numerator}/${denominator}`
    }
  }
  return String(Math.round(quantity * 1000) / 1000)
}

/** An ingredient as the line it reads as: notes-only lines (the alpha default) as their note, others assembled. */
function ingredientLine(value: unknown): MigratedIngredient | null {
  if (typeof value === 'string') return textOf(value) ? { text: value.trim() } : null
  if (!isObject(value)) return null
  const note = textOf(value.note) ?? ''
  const unit = textOf(isObject(value.unit) ? value.unit.name : value.unit)
  const food = textOf(isObject(value.food) ? value.food.name : value.food)
  const quantity = typeof value.quantity === 'number' && value.quantity > 0 ? value.quantity : null
  const text =
    value.disable_amount === true || (!unit && !food)
      ? note
      : [quantity === null ? '' : amountText(quantity), unit, food, note].filter((part) => part).join(' ')
  const title = textOf(value.title)
  if (!text.trim()) return null
  return title ? { text: text.trim(), title } : { text: text.trim() }
}

/**
 * The alpha's nutrition as it stands: Mealie does not clean it (docs/mealie-compatibility.md "What each migration reads"), so a field the export holds stays,
 * an empty one (`"calories": ""`) as empty text rather than none.
 */
function nutritionOf(value: unknown): MigratedRecipe['nutrition'] {
  if (!isObject(value)) return undefined
  const nutrition: Partial<Record<NutritionField, string>> = {}
  for (const [key, raw] of Object.entries(value)) {
    const field = snakeToCamel(key) as NutritionField
    if (!(nutritionFields as readonly string[]).includes(field)) continue
    if (typeof raw === 'string') nutrition[field] = raw.trim()
    else if (typeof raw === 'number' && Number.isFinite(raw)) nutrition[field] = String(raw)
  }
  return Object.values(nutrition).some((text) => text !== '') ? nutrition : undefined
}

/** One alpha recipe file; keys are the old snake_case ones (camelCase accepted too). */
export function alphaRecipe(fields: Fields): MigratedRecipe {
  const get = (key: string) => fields[key] ?? fields[snakeToCamel(key)]
  const name = textOf(get('name'))
  if (!name) throw new Error('The recipe has no name')
  const recipe = blankRecipe(name)
  recipe.description = textOf(get('description'))
  recipe.ingredients = (Array.isArray(get('recipe_ingredient')) ? (get('recipe_ingredient') as unknown[]) : []).flatMap(
    (item) => ingredientLine(item) ?? [],
  )
  recipe.steps = (Array.isArray(get('recipe_instructions')) ? (get('recipe_instructions') as unknown[]) : []).flatMap(
    (step) => {
      const text = textOf(isObject(step) ? step.text : step)
      const title = isObject(step) ? textOf(step.title) : undefined
      if (!text) return []
      return [title ? { text, title } : { text }]
    },
  )
  recipe.recipeYield = textOf(get('recipe_yield'))
  recipe.prepTime = timeText(get('prep_time'))
  recipe.cookTime = timeText(get('cook_time'))
  recipe.performTime = timeText(get('perform_time'))
  recipe.totalTime = timeText(get('total_time'))
  recipe.nutrition = nutritionOf(get('nutrition'))
  recipe.categories = names(get('recipe_category') ?? get('categories'))
  recipe.tags = names(get('tags'))
  recipe.tools = names(get('tools'))
  recipe.notes = (Array.isArray(get('notes')) ? (get('notes') as unknown[]) : []).flatMap((note) => {
    const text = textOf(isObject(note) ? note.text : note)
    return text ? [{ title: (isObject(note) ? textOf(note.title) : undefined) ?? '', text }] : []
  })
  recipe.orgURL = textOf(get('org_url') ?? fields.orgURL)
  recipe.rating = ratingOf(get('rating'))
  recipe.dateAdded = dateOf(get('date_added'))
  return recipe
}

/**
 * Mealie before 1.0 (docs/mealie-compatibility.md "What each migration reads"): `recipes/<slug>/<slug>.json` with the picture in `recipes/<slug>/images/`
 * (original.webp, or whatever original.* the export holds).
 */
export const readMealieAlpha: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const byPath = new Map(files.entries.map((entry) => [entry.path, entry]))
  const items: MigrationItem[] = []
  for (const entry of files.entries) {
    const fileName = fileNameOf(entry.path)
    if (!/\.json$/i.test(fileName) || fileName.startsWith('.')) continue
    if (!/(^|\/)recipes\//.test(entry.path)) continue
    try {
      const parsed: unknown = JSON.parse(entry.text())
      if (!isObject(parsed)) throw new Error('The file holds no recipe object')
      const recipe = alphaRecipe(parsed)
      const images = `${folderOf(entry.path)}/images/`
      const picture = files.entries.find(
        (file) => file.path.startsWith(images) && /^original\.\w+$/i.test(fileNameOf(file.path)),
      )
      recipe.image = picture ? byPath.get(picture.path) : undefined
      items.push(readRecipe(recipe))
    } catch (error) {
      items.push(unreadable(`Failed to import ${fileName}`, error))
    }
  }
  return items
}
