import { parseIngredient, type IngredientFood, type IngredientUnit } from '@larder/contracts'
import { NetworkError } from '@/api/api-error'
import { call } from '@/api/http'
import type { ItemDraft } from '@/features/shopping/api/shopping-writes'

/** The group's foods and units as this device has them (the editor's cached lists). */
export interface KnownRows {
  foods: readonly IngredientFood[]
  units: readonly IngredientUnit[]
}

interface LineParts {
  quantity: number | null
  unit: IngredientUnit | { name: string } | null
  food: IngredientFood | { name: string } | null
  note: string
}

const isRow = <Row extends { id: string }>(part: Row | { name: string } | null): part is Row =>
  part !== null && 'id' in part && typeof part.id === 'string'

/**
 * A typed line as the list's line: the amount (1 when the line gives none: "milk" is one milk, and two of them
 * merge into two), the group's unit and food when they match, and what did not match kept in the note, so that
 * nothing typed is lost.
 */
export function draftOfParts(parts: LineParts): ItemDraft {
  const unmatched = [
    parts.unit && !isRow(parts.unit) ? parts.unit.name : '',
    parts.food && !isRow(parts.food) ? parts.food.name : '',
    parts.note,
  ].filter((text) => text.trim() !== '')
  const food = isRow(parts.food) ? parts.food : null
  return {
    quantity: parts.quantity ?? 1,
    unit: isRow(parts.unit) ? parts.unit : null,
    food,
    label: food?.label ?? null,
    note: unmatched.join(' '),
  }
}

const sameName = (text: string) => {
  const wanted = text.trim().toLocaleLowerCase()
  return (...names: (string | null | undefined)[]) => names.some((name) => name?.toLocaleLowerCase() === wanted)
}

/** The line parsed on this device, when the server cannot be reached: the shipped model, loaded on first need. */
async function parsedHere(line: string, known: KnownRows): Promise<LineParts> {
  const { parseIngredientLine } = await import('@larder/kitchen/ingredient-parser')
  const parsed = parseIngredientLine(line)
  const unitNamed = parsed.unit ? sameName(parsed.unit) : null
  const foodNamed = parsed.food ? sameName(parsed.food) : null
  const unit = unitNamed
    ? (known.units.find((row) => unitNamed(row.name, row.pluralName, row.abbreviation, row.pluralAbbreviation)) ?? {
        name: parsed.unit!,
      })
    : null
  const food = foodNamed
    ? (known.foods.find((row) => foodNamed(row.name, row.pluralName)) ?? { name: parsed.food! })
    : null
  return { quantity: parsed.quantity, unit, food, note: parsed.note }
}

/**
 * One typed line ("2 cups flour, sifted") as a shopping line: parsed by the server's parser, which matches the
 * group's foods and units; without a network, by the same parser on this device against the foods it has.
 */
export async function parseItemLine(line: string, known: KnownRows): Promise<ItemDraft> {
  try {
    const answer = await call(parseIngredient, { body: { ingredient: line }, notify: false })
    const { ingredient } = answer
    return draftOfParts({
      quantity: ingredient.quantity,
      unit: ingredient.unit,
      food: ingredient.food,
      note: ingredient.note ?? '',
    })
  } catch (error) {
    if (error instanceof NetworkError) return draftOfParts(await parsedHere(line, known))
    // The parser refused the line (too long, a provider down): the line is kept as the person wrote it.
    return { quantity: 1, unit: null, food: null, label: null, note: line.trim() }
  }
}
