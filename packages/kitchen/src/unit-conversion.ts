import {
  amountsEnabled,
  type DisplayIngredient,
  type DisplayUnit,
  type IngredientDisplayOptions,
} from './ingredient-display.js'
import {
  recogniseUnit,
  standardUnits,
  type MeasurementSystem,
  type StandardUnit,
  type StandardUnitKey,
} from './unit-names.js'

/** A unit produced by a conversion; fits `ingredientDisplay` (`fraction` is false for metric, true for US). */
export interface ConvertedUnit extends DisplayUnit {
  /** Stable identifier, for a page that translates unit names. */
  key: StandardUnitKey
  name: string
  pluralName: string
  abbreviation: string
  pluralAbbreviation: string
  useAbbreviation: boolean
  fraction: boolean
}

export interface IngredientConversion {
  /** The quantity to show: converted when `changed`, the ingredient's own otherwise. */
  quantity: number | null
  /** The unit to show instead of the ingredient's, or null when nothing changed. */
  unit: ConvertedUnit | null
  /** The singular name of the unit to show (the ingredient's own when nothing changed; `''` without a unit). */
  unitName: string
  changed: boolean
}

export interface ConvertedQuantity {
  quantity: number
  unit: StandardUnit
}

/** Share of the next unit up from which that unit reads better (14.5 ml is "1 tbsp", not "2 ⁷/₈ tsp"). */
const nextUnitFrom = 0.97

/** A conversion to US units that would misstate the amount by more than this share is not made (5 g stays 5 g). */
const maxRoundingError = 0.1

/** The US units a volume or mass is written in, largest first, with the fractions a cook measures in. */
const usVolumeSteps: readonly (readonly [StandardUnitKey, number, readonly number[]])[] = [
  ['gallon', 3785.411784, [4]],
  ['quart', 946.352946, [4]],
  ['cup', 236.5882365 / 4, [4, 3]],
  ['tbsp', 14.78676478125, [2]],
  ['tsp', 0, [8]],
]
const usMassSteps: readonly (readonly [StandardUnitKey, number, readonly number[]])[] = [
  ['lb', 453.59237, [4]],
  ['oz', 0, [8]],
]

/**
 * A quantity in another system, in the unit that reads best there, or null when there is nothing to do (the unit
 * is already in that system and needs no regrouping, or the amount is too small to write in the target units):
 * - to metric: millilitres or grams (rounded to ½ below 10, to 1 below 100, to 5 below 1000), litres or
 *   kilograms from 1000 up (three significant digits): 1 cup → 235 ml, 1 lb → 455 g, 1 gallon → 3.79 l;
 *   metric amounts of 1000 ml or g and more are regrouped (1000 g → 1 kg), nothing else metric is touched;
 * - to US: teaspoons (in eighths below 1, quarters above), tablespoons (in halves), cups (in quarters or thirds), quarts, gallons;
 *   ounces (in eighths below 1, quarters above) below a pound, then pounds (in quarters); from 10 up, halves:
 *   240 ml → 1 cup, 15 ml → 1 tbsp, 100 g → 3 ½ oz. One rule picks the unit: from the largest the amount reaches
 *   down to the smallest, the first that writes it within 10% (25 ml → 5 tsp, as 1 ½ tbsp is 11% short; 37.5 ml →
 *   2 ½ tbsp). Amounts no step writes within 10% are left as they are (1 ml, 5 g).
 */
export function convertQuantity(
  quantity: number,
  unit: StandardUnit,
  system: MeasurementSystem,
): ConvertedQuantity | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return null
  const base = quantity * unit.size
  if (system === 'metric') {
    if (unit.system === 'metric') return regroupMetric(quantity, unit)
    return toMetric(base, unit.kind)
  }
  if (unit.system === 'us') return null
  return toUs(base, unit.kind)
}

/**
 * An amount given in millilitres or grams (`base`), written in the unit of `system` that reads best, by the rules of
 * `convertQuantity`; in US units only when a step writes it within 10%, else in metric (1 ml stays 1 ml). For sums
 * of several units, such as a shopping line that adds a cup to 250 ml.
 */
export function writeAmount(base: number, kind: StandardUnit['kind'], system: MeasurementSystem): ConvertedQuantity {
  return (system === 'us' ? toUs(base, kind) : null) ?? toMetric(base, kind)
}

function toUs(base: number, kind: StandardUnit['kind']): ConvertedQuantity | null {
  const steps = kind === 'volume' ? usVolumeSteps : usMassSteps
  for (const [key, threshold, denominators] of steps) {
    if (base < threshold * nextUnitFrom) continue
    const target = standardUnits[key]
    const value = base / target.size
    const rounded = snapToFractions(value, value >= 10 ? [2] : value >= 1 && eighthsBelowOne(key) ? [4] : denominators)
    // A unit whose fractions miss the amount hands it to the next smaller one (25 ml: not 1 ½ tbsp, but 5 tsp).
    if (Math.abs(rounded - value) <= value * maxRoundingError) return { quantity: rounded, unit: target }
  }
  return null
}

/** Teaspoons and ounces are written in eighths below one and in quarters from one up (5 tsp, not 5 ⅛ tsp). */
const eighthsBelowOne = (key: StandardUnitKey) => key === 'tsp' || key === 'oz'

function toMetric(base: number, kind: StandardUnit['kind']): ConvertedQuantity {
  const small = standardUnits[kind === 'volume' ? 'ml' : 'g']
  const large = standardUnits[kind === 'volume' ? 'l' : 'kg']
  const rounded = roundMetric(base)
  if (rounded < 1000) return { quantity: rounded, unit: small }
  return { quantity: roundSignificant((rounded === 1000 ? rounded : base) / 1000, 3), unit: large }
}

function regroupMetric(quantity: number, unit: StandardUnit): ConvertedQuantity | null {
  if ((unit.key !== 'ml' && unit.key !== 'g') || quantity < 1000) return null
  const large = standardUnits[unit.key === 'ml' ? 'l' : 'kg']
  return { quantity: Math.round(quantity) / 1000, unit: large }
}

function roundMetric(value: number): number {
  if (value < 1) return Math.max(0.1, Math.round(value * 10) / 10)
  if (value < 10) return Math.round(value * 2) / 2
  if (value < 100) return Math.round(value)
  return Math.round(value / 5) * 5
}

function roundSignificant(value: number, digits: number): number {
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(value)))
  return Math.round(value * scale) / scale
}

function snapToFractions(value: number, denominators: readonly number[]): number {
  let best = 0
  let bestDistance = Number.POSITIVE_INFINITY
  for (const denominator of denominators) {
    const candidate = Math.round(value * denominator) / denominator
    const distance = Math.abs(candidate - value)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return Math.round(best * 1000) / 1000
}

/**
 * An ingredient's quantity and unit in the metric or US customary system. Only recognised standard units with a
 * positive quantity change, and only when amounts are enabled; everything else comes back unchanged.
 */
export function convertIngredient(
  ingredient: DisplayIngredient,
  system: MeasurementSystem,
  options: IngredientDisplayOptions = {},
): IngredientConversion {
  const { quantity, unit } = ingredient
  const unchanged: IngredientConversion = {
    quantity: quantity ?? null,
    unit: null,
    unitName: unit?.name ?? '',
    changed: false,
  }
  if (quantity == null || !unit || !amountsEnabled(ingredient, options)) return unchanged
  const standard = recogniseUnit(unit)
  if (!standard) return unchanged
  const converted = convertQuantity(quantity, standard, system)
  if (!converted) return unchanged
  const target = converted.unit
  return {
    quantity: converted.quantity,
    unit: {
      key: target.key,
      name: target.name,
      pluralName: target.pluralName,
      abbreviation: target.abbreviation,
      pluralAbbreviation: target.abbreviation,
      useAbbreviation: unit.useAbbreviation ?? false,
      fraction: target.system === 'us',
    },
    unitName: target.name,
    changed: true,
  }
}
