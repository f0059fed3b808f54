import type { RecipeIngredientInput, RecipeInputParsed, RecipeStepInput } from '@larder/contracts'
import { ValidationFailure } from '../../http/errors.js'
import type { OrganizerKind, RecipeRow, RecipeValues } from './repo.js'

/** An organizer as a client names it: by id, by slug, or by name. */
export interface OrganizerReference {
  id?: string | null | undefined
  name?: string | undefined
  slug?: string | undefined
}

/**
 * What one save changes, read from a PUT or PATCH body (docs/mealie-compatibility.md "Reading and writing one recipe"): the row's columns, and the lists that are
 * replaced wholesale when given. A PUT gives every field (omitted ones at their defaults); a PATCH only those sent.
 */
export interface RecipeDraft {
  values: RecipeValues
  name?: string
  ownerId?: string
  /** The new `settings.locked` when the body sets it. */
  locked?: boolean
  ingredients?: RecipeIngredientInput[]
  steps?: RecipeStepInput[]
  organizers: Partial<Record<OrganizerKind, OrganizerReference[]>>
}

type Mode = 'replace' | 'merge'

/** Mealie's RecipeSettings defaults for a PUT without settings (docs/mealie-compatibility.md "Reading and writing one recipe"). */
const settingsDefaults = {
  public: true,
  showNutrition: true,
  showAssets: true,
  landscapeView: true,
  disableComments: false,
  disableAmount: true,
  locked: false,
}

const settingsColumns = {
  public: 'settingsPublic',
  showNutrition: 'settingsShowNutrition',
  showAssets: 'settingsShowAssets',
  landscapeView: 'settingsLandscapeView',
  disableComments: 'settingsDisableComments',
  disableAmount: 'settingsDisableAmount',
  locked: 'settingsLocked',
} as const

/**
 * A nutrition object with nothing in it is stored as none (docs/mealie-compatibility.md "Recipe model"); beside a filled field an empty one stays
 * empty text, as Mealie stores it (a Mealie 0.x export's `"calories": ""` is still there after its migration).
 */
function nutritionOf(value: RecipeInputParsed['nutrition']) {
  if (!value) return null
  const given = Object.entries(value).filter(([, field]) => field !== null && field !== undefined)
  return given.some(([, field]) => field !== '') ? Object.fromEntries(given) : null
}

/** `YYYY-MM-DD`, or the date of an ISO datetime; anything else is a 422 on `dateAdded`. */
function dateAddedOf(value: string | null, loc: (string | number)[]): string | null {
  if (value === null || value.trim() === '') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : null
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0]) {
    throw new ValidationFailure([
      { loc: [...loc, 'dateAdded'], msg: 'Enter a date as YYYY-MM-DD', type: 'date_from_datetime_parsing' },
    ])
  }
  return match[0]
}

/** Reads a PUT (`replace`) or PATCH (`merge`) body into the changes it makes to `current`. */
export function draftOf(
  input: RecipeInputParsed,
  mode: Mode,
  current: RecipeRow,
  loc: (string | number)[],
): RecipeDraft {
  const given = <Key extends keyof RecipeInputParsed>(key: Key) => mode === 'replace' || input[key] !== undefined
  const values: RecipeValues = {}
  const draft: RecipeDraft = { values, organizers: {} }

  if (input.name !== undefined) draft.name = input.name
  if (input.userId !== undefined) draft.ownerId = input.userId
  if (given('description')) values.description = input.description ?? ''
  if (given('recipeYield')) values.recipeYield = input.recipeYield ?? null
  if (given('recipeYieldQuantity')) values.recipeYieldQuantity = input.recipeYieldQuantity ?? 0
  if (given('recipeServings')) values.recipeServings = input.recipeServings ?? 0
  if (given('totalTime')) values.totalTime = input.totalTime ?? null
  if (given('prepTime')) values.prepTime = input.prepTime ?? null
  if (given('cookTime')) values.cookTime = input.cookTime ?? null
  if (given('performTime')) values.performTime = input.performTime ?? null
  if (given('orgURL')) values.orgUrl = input.orgURL ?? null
  // The date a recipe was added is history, not content: a PUT without it keeps it.
  if (input.dateAdded !== undefined) values.dateAdded = dateAddedOf(input.dateAdded, loc)
  if (given('nutrition')) values.nutrition = nutritionOf(input.nutrition)
  if (given('assets')) values.assets = input.assets ?? []
  if (given('notes')) values.notes = input.notes ?? []
  if (given('extras')) values.extras = input.extras ?? {}
  if (given('settings')) {
    const settings = input.settings ?? {}
    for (const [key, column] of Object.entries(settingsColumns) as [keyof typeof settingsColumns, string][]) {
      const value = settings[key] ?? (mode === 'replace' ? settingsDefaults[key] : undefined)
      if (value !== undefined) (values as Record<string, unknown>)[column] = value
    }
    if (values.settingsLocked !== undefined && values.settingsLocked !== current.settingsLocked) {
      draft.locked = values.settingsLocked
    }
  }
  if (given('recipeIngredient')) draft.ingredients = input.recipeIngredient ?? []
  if (given('recipeInstructions')) draft.steps = input.recipeInstructions ?? []
  if (given('recipeCategory')) draft.organizers.categories = input.recipeCategory ?? []
  if (given('tags')) draft.organizers.tags = input.tags ?? []
  if (given('tools')) draft.organizers.tools = input.tools ?? []
  return draft
}
