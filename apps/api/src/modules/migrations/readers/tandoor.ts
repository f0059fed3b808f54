import type { SafeArchive } from '../../../lib/safe-zip.js'
import { baseFolder } from '../../../lib/safe-zip.js'
import { fileNameOf, folderOf, minutesInWords, textOf } from '../field-text.js'
import {
  blankRecipe,
  readRecipe,
  unreadable,
  type MigratedIngredient,
  type MigratedRecipe,
  type MigrationItem,
} from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'
import { amountText } from './mealie-alpha.js'

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A Tandoor unit or food by the name it reads as: its plural when it has one and the amount is more than one. */
function nameOf(value: unknown, amount: number): string | undefined {
  if (!isObject(value)) return undefined
  const plural = textOf(value.plural_name)
  return amount > 1 && plural ? plural : textOf(value.name)
}

/** Tandoor's structured ingredient as the line it reads as: "2 oz New Mexico chile, dry, 57 g". */
function ingredientLine(fields: Fields): string {
  const amount = typeof fields.amount === 'number' && fields.no_amount !== true ? fields.amount : 0
  const parts = [amount > 0 ? amountText(amount) : '', nameOf(fields.unit, amount), nameOf(fields.food, amount)]
  const line = parts.filter((part) => part).join(' ')
  const note = textOf(fields.note)
  return note ? (line ? `${line}, ${note}` : note) : line
}

export function tandoorRecipe(fields: Fields): MigratedRecipe {
  const name = textOf(fields.name)
  if (!name) throw new Error('The recipe has no name')
  const recipe = blankRecipe(name)
  recipe.description = textOf(fields.description)
  recipe.tags = list(fields.keywords).flatMap((keyword) => textOf(isObject(keyword) ? keyword.name : keyword) ?? [])
  recipe.orgURL = textOf(fields.source_url)
  const ingredients: MigratedIngredient[] = []
  for (const step of list(fields.steps)) {
    if (!isObject(step)) continue
    const instruction = textOf(step.instruction)
    const stepName = textOf(step.name)
    if (instruction) recipe.steps.push(stepName ? { text: instruction, title: stepName } : { text: instruction })
    // The step's name titles its ingredients; a header line titles the ones after it.
    let title = stepName
    for (const ingredient of list(step.ingredients)) {
      if (!isObject(ingredient)) continue
      if (ingredient.is_header === true) {
        title = textOf(ingredient.note) ?? nameOf(ingredient.food, 1) ?? title
        continue
      }
      const text = ingredientLine(ingredient)
      if (!text) continue
      ingredients.push(title ? { text, title } : { text })
      title = undefined
    }
  }
  recipe.ingredients = ingredients
  const working = typeof fields.working_time === 'number' ? fields.working_time : 0
  const waiting = typeof fields.waiting_time === 'number' ? fields.waiting_time : 0
  recipe.performTime = minutesInWords(working)
  recipe.totalTime = minutesInWords(working + waiting)
  const servings = typeof fields.servings === 'number' && fields.servings > 0 ? fields.servings : undefined
  const servingsText = textOf(fields.servings_text)
  if (servings) recipe.recipeServings = servings
  if (servings && servingsText) recipe.recipeYield = `${servings} ${servingsText}`
  return recipe
}

function readOne(inner: SafeArchive): MigratedRecipe {
  const json = inner.entries.find((entry) => /\.json$/i.test(entry.path) && !fileNameOf(entry.path).startsWith('.'))
  if (!json) throw new Error('recipe.json not found')
  const parsed: unknown = JSON.parse(json.text())
  if (!isObject(parsed)) throw new Error('recipe.json holds no recipe object')
  const recipe = tandoorRecipe(parsed)
  const picture = inner.entries.find(
    (entry) => folderOf(entry.path) === folderOf(json.path) && /^image\.\w+$/i.test(fileNameOf(entry.path)),
  )
  if (picture) recipe.image = picture
  return recipe
}

/** Tandoor's default export (docs/mealie-compatibility.md "What each migration reads"): a zip of per-recipe zips, each a recipe.json and image.*. */
export const readTandoor: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const base = baseFolder(files)
  const items: MigrationItem[] = []
  for (const entry of files.entries) {
    if (!/\.zip$/i.test(entry.path) || folderOf(entry.path) !== base) continue
    // A damaged inner zip is a damaged upload: open() refuses it and the whole migration stops, nothing written.
    const inner = await files.open(entry)
    try {
      items.push(readRecipe(readOne(inner)))
    } catch (error) {
      items.push(unreadable('Failed to parse recipe', error))
    }
  }
  return items
}
