import type { ParsedIngredient, Recipe, RecipeIngredient, RecipeInput } from '@larder/contracts'
import type { RowChoice } from '@/features/recipe-editor'

type IngredientInput = Exclude<NonNullable<RecipeInput['recipeIngredient']>[number], string>

/** The line a person wrote: what the parser reads and what the row shows as "original". */
export function lineOf(ingredient: RecipeIngredient): string {
  return (ingredient.originalText ?? '').trim() || (ingredient.note ?? '').trim() || ingredient.display.trim()
}

/** A row is parsed unless it is a sub-recipe or holds no text (a section heading alone). */
export const isParsable = (ingredient: RecipeIngredient) => !ingredient.referencedRecipe && lineOf(ingredient) !== ''

export interface ParsedRow {
  referenceId: string
  line: string
  quantity: number | string
  unit: RowChoice | null
  food: RowChoice | null
  note: string
  confidence: ParsedIngredient['confidence'] | null
}

/** A matched unit or food carries its id; an unmatched one is a name alone (`{ name }`). */
const idOf = (part: { name: string } | null) => (part && 'id' in part && typeof part.id === 'string' ? part.id : null)

const choiceOf = (part: { name: string } | null): RowChoice | null =>
  part && part.name.trim() !== '' ? { id: idOf(part), name: part.name } : null

/** The editable row of a parse: the parser's parts, with unknown units and foods kept by name (id null). */
export function rowOf(ingredient: RecipeIngredient, parsed: ParsedIngredient): ParsedRow {
  return {
    referenceId: ingredient.referenceId,
    line: lineOf(ingredient),
    quantity: parsed.ingredient.quantity ?? '',
    unit: choiceOf(parsed.ingredient.unit),
    food: choiceOf(parsed.ingredient.food),
    note: parsed.ingredient.note ?? '',
    confidence: parsed.confidence,
  }
}

/** The units and foods the rows name that the group does not have yet, each name once. */
export function missingOf(rows: ParsedRow[]): { units: string[]; foods: string[] } {
  const names = (pick: (row: ParsedRow) => RowChoice | null) => [
    ...new Set(rows.flatMap((row) => (pick(row) && pick(row)!.id === null ? [pick(row)!.name] : []))),
  ]
  return { units: names((row) => row.unit), foods: names((row) => row.food) }
}

const numberOrNull = (value: number | string) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const parsed = Number(value.replace(',', '.'))
  return value.trim() === '' || !Number.isFinite(parsed) ? null : parsed
}

/**
 * The recipe's ingredient list with the reviewed parses in place (the PATCH body). Rows keep their referenceId (the
 * steps link to it), section title and original line. A unit or food still unknown to the group is not sent as
 * one: its name goes to the front of the note, so no word of the line is lost.
 */
export function ingredientsAfterReview(recipe: Recipe, rows: ParsedRow[]): IngredientInput[] {
  const byReference = new Map(rows.map((row) => [row.referenceId, row]))
  return recipe.recipeIngredient.map((ingredient) => {
    const row = byReference.get(ingredient.referenceId)
    const base = {
      referenceId: ingredient.referenceId,
      title: ingredient.title,
      originalText: ingredient.originalText,
      referencedRecipe: ingredient.referencedRecipe ? { id: ingredient.referencedRecipe.id } : null,
      disableAmount: ingredient.disableAmount,
    }
    if (!row) {
      return {
        ...base,
        quantity: ingredient.quantity,
        unit: ingredient.unit ? { id: ingredient.unit.id, name: ingredient.unit.name } : null,
        food: ingredient.food ? { id: ingredient.food.id, name: ingredient.food.name } : null,
        note: ingredient.note,
        isFood: ingredient.isFood,
      }
    }
    const unknown = [row.unit, row.food].filter((part) => part && part.id === null).map((part) => part!.name)
    const note = [...unknown, row.note.trim()].filter((part) => part !== '').join(' ')
    const known = (part: RowChoice | null) => (part && part.id ? { id: part.id, name: part.name } : null)
    return {
      ...base,
      originalText: ingredient.originalText ?? row.line,
      quantity: numberOrNull(row.quantity),
      unit: known(row.unit),
      food: known(row.food),
      note,
      isFood: known(row.food) !== null,
    }
  })
}
