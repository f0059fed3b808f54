import { nearestFraction } from './nearest-fraction.js'

/** The unit fields the display needs (a structural subset of Mealie's IngredientUnit). */
export interface DisplayUnit {
  name: string
  pluralName?: string | null
  abbreviation?: string | null
  pluralAbbreviation?: string | null
  useAbbreviation?: boolean | null
  /** Show quantities as fractions (Mealie's default, true) or as decimals (false). */
  fraction?: boolean | null
}

/** The food fields the display needs (a structural subset of Mealie's IngredientFood). */
export interface DisplayFood {
  name: string
  pluralName?: string | null
}

/** An ingredient as the display reads it (a structural subset of Mealie's RecipeIngredient). */
export interface DisplayIngredient {
  quantity?: number | null
  unit?: DisplayUnit | null
  food?: DisplayFood | null
  note?: string | null
  isFood?: boolean | null
  disableAmount?: boolean | null
}

export interface IngredientDisplayOptions {
  /**
   * The recipe's `settings.disableAmount`. Inside a recipe Mealie overwrites every ingredient's flags with it
   * (`isFood = !disableAmount`); leave it out for a standalone ingredient such as parser output.
   */
  disableAmount?: boolean | null
}

/** The pieces of the display line, for a page that styles them apart. Absent pieces are `''`. */
export interface IngredientDisplayParts {
  /** False when amounts are disabled: only `quantityText` (when not 1) and `note` are then filled. */
  amountsEnabled: boolean
  quantityText: string
  unitText: string
  foodText: string
  note: string
}

/** Mealie's MAX_INGREDIENT_DENOMINATOR. */
const maxDenominator = 32
const superscriptDigits = '⁰¹²³⁴⁵⁶⁷⁸⁹'
const subscriptDigits = '₀₁₂₃₄₅₆₇₈₉'

/**
 * Whether an ingredient is shown in "food mode" (quantity, unit, food, note) rather than as its note alone.
 * An ingredient that names a food or a unit always is: Mealie 3 dropped the amount switch ("everything is a food",
 * docs/mealie-compatibility.md "After Mealie 2.0"), and hiding the food of a structured line only loses what the cook needs. For the others, Mealie
 * 2's rule: the recipe's `disableAmount` wins when given; otherwise a flag given alone implies the other, and with
 * neither the ingredient is food exactly when it has a food.
 */
export function amountsEnabled(ingredient: DisplayIngredient, options: IngredientDisplayOptions = {}): boolean {
  if (ingredient.food != null || ingredient.unit != null) return true
  if (options.disableAmount != null) return !options.disableAmount
  const { isFood, disableAmount } = ingredient
  if (isFood == null && disableAmount == null) return ingredient.food != null
  return isFood !== false && disableAmount !== true
}

/**
 * The parts of Mealie's `display` line: the quantity is shown when it is non-zero and (food mode or it is not 1);
 * the unit only with a non-zero quantity, in its plural (or plural abbreviation) above 1; the food in its plural
 * when the quantity is missing, 0 or above 1; then the note.
 */
export function ingredientDisplayParts(
  ingredient: DisplayIngredient,
  options: IngredientDisplayOptions = {},
): IngredientDisplayParts {
  const quantity = presentQuantity(ingredient.quantity)
  const useFood = amountsEnabled(ingredient, options)
  const { unit, food } = ingredient
  const note = (ingredient.note ?? '').trim()
  const quantityText = quantity !== 0 && (useFood || quantity !== 1) ? formatIngredientQuantity(quantity, unit) : ''
  if (!useFood) return { amountsEnabled: false, quantityText, unitText: '', foodText: '', note }
  return {
    amountsEnabled: true,
    quantityText,
    unitText: quantity !== 0 && unit ? unitName(unit, quantity > 1).trim() : '',
    foodText: food ? foodName(food, quantity === 0 || quantity > 1).trim() : '',
    note,
  }
}

/**
 * Mealie's `display` string for an ingredient: "1 ¹/₂ cups onions finely chopped". Parts are joined by single
 * spaces; empty parts leave no gap.
 */
export function ingredientDisplay(ingredient: DisplayIngredient, options: IngredientDisplayOptions = {}): string {
  const parts = ingredientDisplayParts(ingredient, options)
  let line = parts.quantityText
  if (parts.unitText) line = line ? `${line} ${parts.unitText}` : parts.unitText
  if (parts.foodText) line = line ? `${line} ${parts.foodText}` : parts.foodText
  if (parts.note) line = line ? `${line} ${parts.note}` : parts.note
  return line
}

/**
 * A quantity as Mealie writes it: with a unit whose `fraction` is false, a decimal rounded to 3 places ("0.25",
 * "2"); otherwise the nearest fraction with a denominator up to 32 in super/subscript digits ("¹/₂", "2 ³/₄", "3").
 */
export function formatIngredientQuantity(quantity: number, unit?: Pick<DisplayUnit, 'fraction'> | null): string {
  if (!Number.isFinite(quantity)) return ''
  if (quantity < 0) return `-${formatIngredientQuantity(-quantity, unit)}`
  if (unit && unit.fraction === false) return String(roundHalfEven3(quantity))
  const { numerator, denominator } = nearestFraction(quantity, maxDenominator)
  if (denominator === 1) return String(numerator)
  if (numerator < denominator) return displayFraction(numerator, denominator)
  const whole = Math.floor(numerator / denominator)
  return `${whole} ${displayFraction(numerator - whole * denominator, denominator)}`
}

function presentQuantity(quantity: number | null | undefined): number {
  return quantity != null && Number.isFinite(quantity) ? quantity : 0
}

function unitName(unit: DisplayUnit, plural: boolean): string {
  if (unit.useAbbreviation) {
    const abbreviation = plural ? unit.pluralAbbreviation || unit.abbreviation : unit.abbreviation
    if (abbreviation) return abbreviation
  }
  return (plural && unit.pluralName) || unit.name
}

function foodName(food: DisplayFood, plural: boolean): string {
  return (plural && food.pluralName) || food.name
}

function displayFraction(numerator: number, denominator: number): string {
  return `${mapDigits(numerator, superscriptDigits)}/${mapDigits(denominator, subscriptDigits)}`
}

function mapDigits(value: number, digits: string): string {
  if (value < 10) return digits[value] ?? ''
  let text = ''
  for (const digit of String(value)) text += digits[digit.charCodeAt(0) - 48] ?? digit
  return text
}

/**
 * Python's `round(value, 3)`: correctly rounded, half to even on exact ties. A double is exactly halfway at three
 * decimals only when it is an odd number of sixteenths (0.0625, 0.1875 …); every other value `toFixed` rounds
 * exactly.
 */
export function roundHalfEven3(value: number): number {
  const sixteenths = value * 16
  if (Number.isInteger(sixteenths) && sixteenths % 2 !== 0 && Math.abs(value) < 1e12) {
    const thousandths = Math.floor(value * 1000)
    return (thousandths % 2 === 0 ? thousandths : thousandths + 1) / 1000
  }
  if (Math.abs(value) >= 1e21) return value
  return Number(value.toFixed(3)) || 0
}
