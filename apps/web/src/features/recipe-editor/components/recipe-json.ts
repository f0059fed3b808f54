import { nutritionFields, type RecipeSettings } from '@larder/contracts'
import {
  emptyIngredient,
  emptyStep,
  newKey,
  type EditorDraft,
  type IngredientDraft,
  type NutritionField,
  type RowChoice,
  type StepDraft,
} from './editor-draft'
import type { OrganizerChoice } from '@/features/recipe-editor/api/organizers'

/**
 * The JSON editor's checks, mirroring the contract's RecipeInput (the web does not run the contracts' zod schemas;
 * the server does, and its 422 answer is shown next to the fields). Each problem names where it is, like a 422 loc.
 */
export interface JsonProblem {
  path: string
  message: string
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Messages = {
  notJson: (detail: string) => string
  notObject: string
  text: string
  number: string
  list: string
  object: string
  boolean: string
  uuid: string
  name: string
}

function check(value: Json, messages: Messages): JsonProblem[] {
  const problems: JsonProblem[] = []
  const add = (path: string, message: string) => problems.push({ path, message })
  const optionalText = (object: Json, key: string, path: string, numbersToo = false) => {
    const field = object[key]
    if (field === undefined || field === null || typeof field === 'string') return
    if (numbersToo && typeof field === 'number') return
    add(path, messages.text)
  }
  const optionalNumber = (object: Json, key: string, path: string) => {
    const field = object[key]
    if (field === undefined || field === null || field === '') return
    if (typeof field !== 'number' || !Number.isFinite(field) || field < 0) add(path, messages.number)
  }
  const list = (key: string): unknown[] => {
    const field = value[key]
    if (field === undefined || field === null) return []
    if (Array.isArray(field)) return field
    add(key, messages.list)
    return []
  }
  const reference = (field: unknown, path: string) => {
    if (field === undefined || field === null || typeof field === 'string') return
    if (!isObject(field)) return add(path, messages.object)
    if (field.id !== undefined && field.id !== null && (typeof field.id !== 'string' || !uuidPattern.test(field.id)))
      add(`${path}.id`, messages.uuid)
    optionalText(field, 'name', `${path}.name`)
  }

  if (typeof value.name !== 'string' || value.name.trim() === '') add('name', messages.name)
  for (const key of ['description', 'recipeYield', 'orgURL']) optionalText(value, key, key)
  for (const key of ['totalTime', 'prepTime', 'cookTime', 'performTime']) optionalText(value, key, key, true)
  for (const key of ['recipeServings', 'recipeYieldQuantity']) optionalNumber(value, key, key)
  for (const key of ['recipeCategory', 'tags', 'tools'])
    list(key).forEach((item, index) => reference(item, `${key}.${index}`))

  list('recipeIngredient').forEach((item, index) => {
    const path = `recipeIngredient.${index}`
    if (typeof item === 'string') return
    if (!isObject(item)) return add(path, messages.object)
    optionalNumber(item, 'quantity', `${path}.quantity`)
    reference(item.unit, `${path}.unit`)
    reference(item.food, `${path}.food`)
    for (const key of ['note', 'title', 'originalText']) optionalText(item, key, `${path}.${key}`)
    const id = item.referenceId
    if (id !== undefined && id !== null && (typeof id !== 'string' || !uuidPattern.test(id)))
      add(`${path}.referenceId`, messages.uuid)
  })
  list('recipeInstructions').forEach((item, index) => {
    const path = `recipeInstructions.${index}`
    if (!isObject(item)) return add(path, messages.object)
    for (const key of ['title', 'summary', 'text']) optionalText(item, key, `${path}.${key}`)
    const references = item.ingredientReferences
    if (references === undefined || references === null) return
    if (!Array.isArray(references)) return add(`${path}.ingredientReferences`, messages.list)
    references.forEach((reference, position) => {
      const id = isObject(reference) ? reference.referenceId : undefined
      if (typeof id !== 'string' || !uuidPattern.test(id))
        add(`${path}.ingredientReferences.${position}.referenceId`, messages.uuid)
    })
  })
  list('notes').forEach((item, index) => {
    if (!isObject(item)) return add(`notes.${index}`, messages.object)
    optionalText(item, 'title', `notes.${index}.title`)
    optionalText(item, 'text', `notes.${index}.text`)
  })
  list('assets').forEach((item, index) => {
    if (!isObject(item) || typeof item.name !== 'string' || typeof item.fileName !== 'string')
      add(`assets.${index}`, messages.object)
  })
  for (const key of ['settings', 'nutrition', 'extras']) {
    const field = value[key]
    if (field === undefined || field === null) continue
    if (!isObject(field)) {
      add(key, messages.object)
      continue
    }
    for (const [name, entry] of Object.entries(field)) {
      if (key === 'settings' && typeof entry !== 'boolean') add(`settings.${name}`, messages.boolean)
      if (key === 'nutrition' && entry !== null && typeof entry !== 'string' && typeof entry !== 'number')
        add(`nutrition.${name}`, messages.text)
      if (key === 'extras' && typeof entry !== 'string') add(`extras.${name}`, messages.text)
    }
  }
  return problems
}

/** Parses and checks the JSON editor's text: the recipe input, or the problems found. */
export function readRecipeJson(
  text: string,
  messages: Messages,
): { value: Json; problems: [] } | { value: null; problems: JsonProblem[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { value: null, problems: [{ path: '', message: messages.notJson((error as Error).message) }] }
  }
  if (!isObject(parsed)) return { value: null, problems: [{ path: '', message: messages.notObject }] }
  const problems = check(parsed, messages)
  return problems.length > 0 ? { value: null, problems } : { value: parsed, problems: [] }
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const quantity = (value: unknown) => (typeof value === 'number' ? value : '')

function rowChoice(value: unknown): RowChoice | null {
  if (typeof value === 'string') return value.trim() ? { id: null, name: value.trim() } : null
  if (!isObject(value)) return null
  const id = typeof value.id === 'string' ? value.id : null
  const name = text(value.name)
  return id || name ? { id, name } : null
}

function organizers(value: unknown, previous: OrganizerChoice[]): OrganizerChoice[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const choice = rowChoice(item)
    if (!choice?.id) return []
    const known = previous.find((organizer) => organizer.id === choice.id)
    const slug = isObject(item) ? text(item.slug) : ''
    return [known ?? { id: choice.id, name: choice.name || slug, slug }]
  })
}

/**
 * The form's values for a checked JSON body; what it omits returns to its default, as a PUT would do. Organizers
 * are kept by id only (new ones are created from their pickers, where the person may be refused).
 */
export function draftOfJson(value: Json, current: EditorDraft): EditorDraft {
  const ingredients = Array.isArray(value.recipeIngredient) ? value.recipeIngredient : []
  const steps = Array.isArray(value.recipeInstructions) ? value.recipeInstructions : []
  const settings = isObject(value.settings) ? value.settings : {}
  const nutrition = isObject(value.nutrition) ? value.nutrition : {}
  const extras = isObject(value.extras) ? value.extras : {}
  return {
    name: text(value.name),
    description: text(value.description),
    recipeServings: quantity(value.recipeServings),
    recipeYieldQuantity: quantity(value.recipeYieldQuantity),
    recipeYield: text(value.recipeYield),
    totalTime: text(value.totalTime),
    prepTime: text(value.prepTime),
    cookTime: text(value.cookTime),
    performTime: text(value.performTime),
    orgURL: text(value.orgURL),
    recipeIngredient: ingredients.map((item): IngredientDraft => {
      if (typeof item === 'string') return emptyIngredient({ note: item })
      const ingredient = item as Json
      const referenced = isObject(ingredient.referencedRecipe) ? ingredient.referencedRecipe : null
      const previous = current.recipeIngredient.find((row) => row.referenceId === ingredient.referenceId)
      return emptyIngredient({
        ...(typeof ingredient.referenceId === 'string' ? { referenceId: ingredient.referenceId } : {}),
        quantity: quantity(ingredient.quantity),
        unit: rowChoice(ingredient.unit),
        food: rowChoice(ingredient.food),
        note: text(ingredient.note),
        title: typeof ingredient.title === 'string' && ingredient.title !== '' ? ingredient.title : null,
        originalText: typeof ingredient.originalText === 'string' ? ingredient.originalText : null,
        disableAmount: ingredient.disableAmount === true,
        isFood: typeof ingredient.isFood === 'boolean' ? ingredient.isFood : null,
        referencedRecipe:
          referenced && typeof referenced.id === 'string'
            ? { id: referenced.id, name: previous?.referencedRecipe?.name ?? text(referenced.name) }
            : null,
      })
    }),
    recipeInstructions: steps.map((item): StepDraft => {
      const step = item as Json
      const id = typeof step.id === 'string' ? step.id : null
      return emptyStep({
        ...(id ? { key: id, id } : {}),
        title: typeof step.title === 'string' && step.title !== '' ? step.title : null,
        summary: typeof step.summary === 'string' ? step.summary : null,
        text: text(step.text),
        ingredientReferences: (Array.isArray(step.ingredientReferences) ? step.ingredientReferences : []).map(
          (reference) => (reference as { referenceId: string }).referenceId,
        ),
      })
    }),
    recipeCategory: organizers(value.recipeCategory, current.recipeCategory),
    tags: organizers(value.tags, current.tags),
    tools: organizers(value.tools, current.tools),
    settings: Object.fromEntries(
      Object.keys(current.settings).map((key) => [key, settings[key] === true]),
    ) as RecipeSettings,
    nutrition: Object.fromEntries(nutritionFields.map((field) => [field, text(nutrition[field])])) as Record<
      NutritionField,
      string
    >,
    notes: (Array.isArray(value.notes) ? value.notes : []).map((note) => ({
      key: newKey(),
      title: text((note as Json).title),
      text: text((note as Json).text),
    })),
    extras: Object.entries(extras).map(([name, entry]) => ({ key: newKey(), name, value: text(entry) })),
    assets: (Array.isArray(value.assets) ? value.assets : []).map((asset) => {
      const { name, icon, fileName } = asset as Json
      return { name: text(name), icon: text(icon) || 'mdi-file', fileName: text(fileName) }
    }),
  }
}
