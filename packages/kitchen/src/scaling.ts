import { amountsEnabled, type DisplayIngredient, type IngredientDisplayOptions } from './ingredient-display.js'
import { numberPattern, parseKitchenNumber } from './kitchen-numbers.js'

/** What scaling reads and rewrites: the quantity, and the unit's `fraction` flag to know how to round. */
export type ScalableIngredient = DisplayIngredient

/**
 * The factor that turns a recipe for `fromServings` into one for `toServings` (4 → 6 gives 1.5). Returns 1 — no
 * scaling — when either count is missing, zero, negative or not a number, so a recipe without servings is shown
 * as written.
 */
export function scaleFactor(fromServings: number | null | undefined, toServings: number | null | undefined): number {
  if (!isPositive(fromServings) || !isPositive(toServings)) return 1
  return toServings / fromServings
}

/**
 * A quantity multiplied by a factor and rounded the way a cook writes it:
 * - with a unit that takes fractions (or no unit), a value within 1% of a whole number or a half, third, quarter
 *   or eighth snaps to it (0.6667 → 0.667, which displays as ²/₃; 2.004 → 2);
 * - otherwise three significant digits and never more than three decimals (0.1234 → 0.123, 12.345 → 12.3,
 *   333.33 → 333);
 * - a positive quantity never rounds down to 0 (it keeps at least 0.001).
 * A factor of 1, or a quantity that is missing, 0 or not finite, is returned unchanged.
 */
export function scaleQuantity(
  quantity: number,
  factor: number,
  unit?: Pick<NonNullable<DisplayIngredient['unit']>, 'fraction'> | null,
): number {
  if (factor === 1 || !Number.isFinite(quantity) || quantity === 0 || !isPositive(factor)) return quantity
  return roundKitchenQuantity(quantity * factor, unit?.fraction !== false)
}

/** A computed quantity rounded for the kitchen, as `scaleQuantity` describes. */
export function roundKitchenQuantity(value: number, allowFractions: boolean): number {
  if (!Number.isFinite(value) || value === 0) return value
  const sign = value < 0 ? -1 : 1
  const magnitude = Math.abs(value)
  if (allowFractions && magnitude < 100) {
    const snapped = snapToKitchenFraction(magnitude)
    if (snapped !== null) return (sign * Math.round(snapped * 1000)) / 1000
  }
  const decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
  const step = 10 ** decimals
  const rounded = Math.round(magnitude * step) / step
  return sign * (rounded === 0 ? 0.001 : rounded)
}

const kitchenDenominators = [2, 3, 4, 8]

function snapToKitchenFraction(value: number): number | null {
  const tolerance = Math.max(0.005, value * 0.01)
  const whole = Math.round(value)
  if (Math.abs(value - whole) <= tolerance && whole > 0) return whole
  let best: number | null = null
  let bestDistance = tolerance
  for (const denominator of kitchenDenominators) {
    const candidate = Math.round(value * denominator) / denominator
    const distance = Math.abs(value - candidate)
    if (candidate > 0 && distance <= bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/**
 * The ingredients with every quantity multiplied by `factor` (rounded as `scaleQuantity` does). Ingredients
 * without a quantity, and every ingredient when amounts are disabled (their text lives in the note), are kept as
 * they are — the same objects. A factor of 1 (or an invalid one) returns the list itself.
 */
export function scaleIngredients<T extends ScalableIngredient>(
  ingredients: readonly T[],
  factor: number,
  options: IngredientDisplayOptions = {},
): readonly T[] {
  if (factor === 1 || !isPositive(factor)) return ingredients
  return ingredients.map((ingredient) => {
    const { quantity } = ingredient
    if (quantity == null || quantity === 0 || !Number.isFinite(quantity)) return ingredient
    if (!amountsEnabled(ingredient, options)) return ingredient
    return { ...ingredient, quantity: scaleQuantity(quantity, factor, ingredient.unit) }
  })
}

/** The ingredients of a recipe for `fromServings`, rewritten for `toServings` (see `scaleFactor`). */
export function scaleIngredientsToServings<T extends ScalableIngredient>(
  ingredients: readonly T[],
  fromServings: number | null | undefined,
  toServings: number | null | undefined,
  options: IngredientDisplayOptions = {},
): readonly T[] {
  return scaleIngredients(ingredients, scaleFactor(fromServings, toServings), options)
}

const firstNumber = new RegExp(numberPattern)

/**
 * The number of servings in a free-text yield ("4 servings" → 4, "Serves 4-6" → 4, "Makes 1½ loaves" → 1.5,
 * "12" → 12), or null when it holds no positive number. Mealie 2.0 keeps servings only in `recipeYield`.
 */
export function parseServings(recipeYield: string | null | undefined): number | null {
  if (!recipeYield) return null
  const match = firstNumber.exec(recipeYield)
  if (!match) return null
  const value = parseKitchenNumber(match[0])
  return value !== null && value > 0 ? value : null
}

function isPositive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}
