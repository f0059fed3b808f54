/**
 * The `display` text of an ingredient (reference §3.2). Local to the recipes area until packages/kitchen's
 * `ingredientDisplay(...)` lands (branch p3-kitchen), which replaces this file.
 */

export interface DisplayUnit {
  name: string
  pluralName: string | null
  abbreviation: string
  pluralAbbreviation: string | null
  useAbbreviation: boolean
  fraction: boolean
}

export interface DisplayFood {
  name: string
  pluralName: string | null
}

export interface DisplayIngredient {
  quantity: number | null
  unit: DisplayUnit | null
  food: DisplayFood | null
  note: string | null
  isFood: boolean
}

const superscripts = '⁰¹²³⁴⁵⁶⁷⁸⁹'
const subscripts = '₀₁₂₃₄₅₆₇₈₉'
const digitsIn = (value: number, glyphs: string) =>
  String(value)
    .split('')
    .map((digit) => glyphs[Number(digit)])
    .join('')

/** Nearest fraction with a denominator of at most 32, as `2 ³/₄`. */
function fractionText(quantity: number): string {
  let whole = Math.floor(quantity)
  const rest = quantity - whole
  let best = { numerator: 0, denominator: 1, error: rest }
  for (let denominator = 2; denominator <= 32; denominator += 1) {
    const numerator = Math.round(rest * denominator)
    const error = Math.abs(rest - numerator / denominator)
    if (error < best.error - 1e-9) best = { numerator, denominator, error }
  }
  if (best.numerator === best.denominator && best.numerator > 0) {
    whole += 1
    best = { numerator: 0, denominator: 1, error: 0 }
  }
  if (best.numerator === 0) return String(whole)
  const fraction = `${digitsIn(best.numerator, superscripts)}/${digitsIn(best.denominator, subscripts)}`
  return whole > 0 ? `${whole} ${fraction}` : fraction
}

function decimalText(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000)
}

function unitText(unit: DisplayUnit, plural: boolean): string {
  if (unit.useAbbreviation && unit.abbreviation) {
    return plural && unit.pluralAbbreviation ? unit.pluralAbbreviation : unit.abbreviation
  }
  return plural && unit.pluralName ? unit.pluralName : unit.name
}

export function ingredientDisplay(ingredient: DisplayIngredient): string {
  const quantity = ingredient.quantity ?? 0
  const showQuantity = quantity !== 0 && (ingredient.isFood || quantity !== 1)
  const amount = showQuantity
    ? ingredient.unit && !ingredient.unit.fraction
      ? decimalText(quantity)
      : fractionText(quantity)
    : ''
  const parts = ingredient.isFood
    ? [
        amount,
        ingredient.unit && quantity !== 0 ? unitText(ingredient.unit, quantity > 1) : '',
        ingredient.food
          ? (quantity === 0 || quantity > 1) && ingredient.food.pluralName
            ? ingredient.food.pluralName
            : ingredient.food.name
          : '',
        ingredient.note ?? '',
      ]
    : [amount, ingredient.note ?? '']
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
}
