import { nutritionFields, type Recipe, type RecipeInput, type RecipeSettings } from '@larder/contracts'
import type { UseFormReturnType } from '@mantine/form'
import type { OrganizerChoice } from '@/features/recipe-editor/api/organizers'

/** A unit or food as an ingredient row holds it; `id` is null for one named in the JSON editor but not picked. */
export interface RowChoice {
  id: string | null
  name: string
}

export interface IngredientDraft {
  /** Stable identity of the row (drag and drop, React keys, step links): the ingredient's referenceId. */
  referenceId: string
  quantity: number | string
  unit: RowChoice | null
  food: RowChoice | null
  note: string
  /** Not null: this row starts a section with this title. */
  title: string | null
  originalText: string | null
  disableAmount: boolean
  isFood: boolean | null
  referencedRecipe: { id: string; name: string } | null
}

export interface StepDraft {
  key: string
  id: string | null
  title: string | null
  summary: string | null
  text: string
  ingredientReferences: string[]
}

export interface NoteDraft {
  key: string
  title: string
  text: string
}

export interface ExtraDraft {
  key: string
  name: string
  value: string
}

export type NutritionField = (typeof nutritionFields)[number]

export interface EditorDraft {
  name: string
  description: string
  recipeServings: number | string
  recipeYieldQuantity: number | string
  recipeYield: string
  totalTime: string
  prepTime: string
  cookTime: string
  performTime: string
  orgURL: string
  recipeIngredient: IngredientDraft[]
  recipeInstructions: StepDraft[]
  recipeCategory: OrganizerChoice[]
  tags: OrganizerChoice[]
  tools: OrganizerChoice[]
  settings: RecipeSettings
  nutrition: Record<NutritionField, string>
  notes: NoteDraft[]
  extras: ExtraDraft[]
  assets: { name: string; icon: string; fileName: string }[]
}

export type EditorForm = UseFormReturnType<EditorDraft>

export function newKey(): string {
  return crypto.randomUUID()
}

export function emptyIngredient(overrides: Partial<IngredientDraft> = {}): IngredientDraft {
  return {
    referenceId: newKey(),
    quantity: '',
    unit: null,
    food: null,
    note: '',
    title: null,
    originalText: null,
    disableAmount: false,
    isFood: null,
    referencedRecipe: null,
    ...overrides,
  }
}

export function emptyStep(overrides: Partial<StepDraft> = {}): StepDraft {
  return { key: newKey(), id: null, title: null, summary: null, text: '', ingredientReferences: [], ...overrides }
}

const organizer = ({ id, name, slug }: OrganizerChoice): OrganizerChoice => ({ id, name, slug })

/** The form's values for a recipe as the API answers it. */
export function draftOf(recipe: Recipe): EditorDraft {
  return {
    name: recipe.name,
    description: recipe.description ?? '',
    recipeServings: recipe.recipeServings || '',
    recipeYieldQuantity: recipe.recipeYieldQuantity || '',
    recipeYield: recipe.recipeYield ?? '',
    totalTime: recipe.totalTime ?? '',
    prepTime: recipe.prepTime ?? '',
    cookTime: recipe.cookTime ?? '',
    performTime: recipe.performTime ?? '',
    orgURL: recipe.orgURL ?? '',
    recipeIngredient: recipe.recipeIngredient.map((ingredient) => ({
      referenceId: ingredient.referenceId,
      quantity: ingredient.quantity ?? '',
      unit: ingredient.unit ? { id: ingredient.unit.id, name: ingredient.unit.name } : null,
      food: ingredient.food ? { id: ingredient.food.id, name: ingredient.food.name } : null,
      note: ingredient.note ?? '',
      title: ingredient.title || null,
      originalText: ingredient.originalText,
      disableAmount: ingredient.disableAmount,
      isFood: ingredient.isFood,
      referencedRecipe: ingredient.referencedRecipe
        ? { id: ingredient.referencedRecipe.id, name: ingredient.referencedRecipe.name }
        : null,
    })),
    recipeInstructions: recipe.recipeInstructions.map((step) => ({
      key: step.id,
      id: step.id,
      title: step.title || null,
      summary: step.summary,
      text: step.text,
      ingredientReferences: step.ingredientReferences.flatMap((reference) =>
        reference.referenceId ? [reference.referenceId] : [],
      ),
    })),
    recipeCategory: recipe.recipeCategory.map(organizer),
    tags: recipe.tags.map(organizer),
    tools: recipe.tools.map(organizer),
    settings: { ...recipe.settings },
    nutrition: Object.fromEntries(nutritionFields.map((field) => [field, recipe.nutrition?.[field] ?? ''])) as Record<
      NutritionField,
      string
    >,
    notes: recipe.notes.map((note) => ({ key: newKey(), title: note.title, text: note.text })),
    extras: Object.entries(recipe.extras).map(([name, value]) => ({ key: newKey(), name, value })),
    assets: recipe.assets.map(({ name, icon, fileName }) => ({ name, icon, fileName })),
  }
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim())
const numberOrNull = (value: number | string) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const parsed = Number(value.replace(',', '.'))
  return value.trim() === '' || !Number.isFinite(parsed) ? null : parsed
}
const rowReference = (choice: RowChoice | null) =>
  choice ? (choice.id ? { id: choice.id, name: choice.name } : { name: choice.name }) : null

/**
 * The full PUT body (camelCase, as Mealie's own client sends it): every field the editor shows, in the editor's
 * order, with the ingredients' referenceIds so the steps' links survive the save. Owner and dates go back unchanged.
 */
export function inputOf(draft: EditorDraft, recipe: Pick<Recipe, 'id' | 'userId' | 'dateAdded'>): RecipeInput {
  return {
    id: recipe.id,
    userId: recipe.userId,
    dateAdded: recipe.dateAdded,
    name: draft.name.trim(),
    description: draft.description,
    recipeServings: numberOrNull(draft.recipeServings) ?? 0,
    recipeYieldQuantity: numberOrNull(draft.recipeYieldQuantity) ?? 0,
    recipeYield: textOrNull(draft.recipeYield),
    totalTime: textOrNull(draft.totalTime),
    prepTime: textOrNull(draft.prepTime),
    cookTime: textOrNull(draft.cookTime),
    performTime: textOrNull(draft.performTime),
    orgURL: textOrNull(draft.orgURL),
    recipeCategory: draft.recipeCategory.map(organizer),
    tags: draft.tags.map(organizer),
    tools: draft.tools.map(organizer),
    recipeIngredient: draft.recipeIngredient.map((ingredient) => ({
      referenceId: ingredient.referenceId,
      quantity: numberOrNull(ingredient.quantity),
      unit: rowReference(ingredient.unit),
      food: rowReference(ingredient.food),
      note: ingredient.note,
      title: ingredient.title === null ? null : ingredient.title.trim(),
      originalText: ingredient.originalText,
      disableAmount: ingredient.disableAmount,
      isFood: ingredient.isFood,
      referencedRecipe: ingredient.referencedRecipe ? { id: ingredient.referencedRecipe.id } : null,
    })),
    recipeInstructions: draft.recipeInstructions.map((step) => ({
      id: step.id,
      title: step.title === null ? null : step.title.trim(),
      summary: step.summary,
      text: step.text,
      ingredientReferences: step.ingredientReferences.map((referenceId) => ({ referenceId })),
    })),
    nutrition: Object.fromEntries(nutritionFields.map((field) => [field, textOrNull(draft.nutrition[field])])),
    settings: { ...draft.settings },
    assets: draft.assets.map(({ name, icon, fileName }) => ({ name, icon, fileName })),
    notes: draft.notes.map(({ title, text }) => ({ title, text })),
    extras: Object.fromEntries(
      draft.extras.filter((extra) => extra.name.trim() !== '').map((extra) => [extra.name.trim(), extra.value]),
    ),
  }
}

/** What a 422 answer names: the form field of each `loc` (["body", "recipeIngredient", 0, "note"]) and its text. */
export interface FieldProblem {
  path: string
  message: string
}

export function validationProblemsOf(body: unknown): FieldProblem[] {
  if (typeof body !== 'object' || body === null) return []
  const detail = (body as { detail?: unknown }).detail
  if (!Array.isArray(detail)) return []
  return detail.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { loc, msg } = item as { loc?: unknown; msg?: unknown }
    if (!Array.isArray(loc) || typeof msg !== 'string') return []
    const parts = loc[0] === 'body' ? loc.slice(1) : loc
    return [{ path: parts.map(String).join('.'), message: msg }]
  })
}
