import type { DisplayUnit } from './ingredient-display.js'
import { writeAmount } from './unit-conversion.js'
import { recogniseUnit, type MeasurementSystem, type StandardUnit } from './unit-names.js'

/** A unit as a shopping line names it: the group's own unit row. */
export interface ShoppingUnit extends DisplayUnit {
  id: string
}

export interface ShoppingFood {
  id: string
  name: string
}

/**
 * What one source asked for: an ingredient of a recipe added to the list or of a meal-plan entry, or a line a person
 * typed. Removing the recipe or changing its servings touches its shares and nothing else.
 */
export interface ShoppingShare<Unit extends ShoppingUnit = ShoppingUnit> {
  /**
   * Unique per asking line, e.g. `<recipe reference id>/<ingredient index>`: a recipe that needs butter twice (dough
   * and filling) gives two shares of one line.
   */
  source: string
  /** null: an amount the recipe does not give ("salt"). */
  quantity: number | null
  unit: Unit | null
  /** The text this source wrote; the line shows its first share's. */
  note: string
}

/** What a source adds to the list: its share and what the line is of. */
export interface ShoppingRequest<Unit extends ShoppingUnit = ShoppingUnit> extends ShoppingShare<Unit> {
  food: ShoppingFood | null
  /** The line's text when it has no food ("kitchen roll"), a remark beside a food otherwise. */
  note: string
  checked: boolean
}

/** One line of a shopping list: what it is of, and every share that makes up its amount. */
export interface ShoppingLine<Unit extends ShoppingUnit = ShoppingUnit> {
  /** Lines with one key are one line (`shoppingLineKey`). */
  key: string
  food: ShoppingFood | null
  note: string
  checked: boolean
  shares: ShoppingShare<Unit>[]
}

/** How a line's amount is written: one unit of its own, a standard unit its shares were summed in, or none. */
export interface ShoppingLineAmount<Unit extends ShoppingUnit = ShoppingUnit> {
  /** null when no share gives an amount. */
  quantity: number | null
  unit: Unit | StandardUnit | null
  /** True when shares in different units were added up and written in `unit`, a standard unit. */
  converted: boolean
}

const normalisedText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * Which requests make one line. A checked line never takes an unchecked one. With a food: units of one dimension
 * (volume, or mass) make one line across systems (1 cup with 250 ml, g with kg, tsp with tbsp), lines without a
 * unit add up by count, and any other unit (a clove, a tin) only with itself. Without a food, only identical text
 * with the same unit makes one line: "kitchen roll" is not known to be "paper towels".
 */
export function shoppingLineKey(request: Pick<ShoppingRequest, 'food' | 'unit' | 'note' | 'checked'>): string {
  const state = request.checked ? 'checked' : 'open'
  const unit = request.unit
  const standard = recogniseUnit(unit)
  const measure = !unit ? 'count' : standard ? standard.kind : `unit:${unit.id}`
  if (request.food) return `${state}|food:${request.food.id}|${measure}`
  return `${state}|text:${normalisedText(request.note)}|${measure}`
}

/**
 * The list with `request`'s share in it. A source's share is set, not added: asking again from the same source (the
 * same plan days shopped for twice) replaces its share instead of doubling it. Other sources' shares add up, so two
 * people adding one recipe at once give one line holding both amounts. Returns a new list; the given one is kept.
 */
export function addToShoppingLines<Unit extends ShoppingUnit>(
  lines: readonly ShoppingLine<Unit>[],
  request: ShoppingRequest<Unit>,
): ShoppingLine<Unit>[] {
  const key = shoppingLineKey(request)
  const { source, quantity, unit, note } = request
  const share: ShoppingShare<Unit> = { source, quantity, unit, note }
  const sameSource = (candidate: ShoppingShare<Unit>) => candidate.source === request.source
  // Asked again for the same line: the share changes where it stands, and the list keeps its order.
  const owner = lines.find((line) => line.key === key && line.shares.some(sameSource))
  if (owner) {
    return lines.map((line) =>
      line === owner
        ? withShares(
            line,
            line.shares.map((old) => (sameSource(old) ? share : old)),
          )
        : line,
    )
  }
  const rest = removeShoppingShares(lines, (source) => source === request.source)
  const index = rest.findIndex((line) => line.key === key)
  if (index === -1) {
    return [...rest, { key, food: request.food, note, checked: request.checked, shares: [share] }]
  }
  return rest.map((line, position) => (position === index ? { ...line, shares: [...line.shares, share] } : line))
}

/**
 * The list without the shares whose source `removes` picks (every ingredient of one recipe reference, say); a line
 * left with no share goes. Adding a source and removing it again leaves the list as it was, whatever came between.
 */
export function removeShoppingShares<Unit extends ShoppingUnit>(
  lines: readonly ShoppingLine<Unit>[],
  removes: (source: string) => boolean,
): ShoppingLine<Unit>[] {
  const kept: ShoppingLine<Unit>[] = []
  for (const line of lines) {
    const shares = line.shares.filter((share) => !removes(share.source))
    if (shares.length === line.shares.length) kept.push(line)
    else if (shares.length > 0) kept.push(withShares(line, shares))
  }
  return kept
}

/** A line with other shares, showing its first share's text (so that a removed first asker takes its text along). */
function withShares<Unit extends ShoppingUnit>(line: ShoppingLine<Unit>, shares: ShoppingShare<Unit>[]) {
  return { ...line, note: shares[0]!.note, shares }
}

/** A sum of floating-point shares, kept to the thousandth a kitchen reads (0.1 + 0.2 is 0.3). */
const roundSum = (value: number) => Math.round(value * 1000) / 1000

/**
 * A line's amount: the sum of its shares. Shares in one unit add up in that unit (1 cup + 1 cup = 2 cups); shares of
 * one dimension in different units are added in millilitres or grams and written in `system`'s unit that reads
 * best (1 cup + 250 ml: 485 ml in metric, 2 cups in US). Shares without an amount add nothing.
 */
export function shoppingLineAmount<Unit extends ShoppingUnit>(
  line: Pick<ShoppingLine<Unit>, 'shares'>,
  system: MeasurementSystem,
): ShoppingLineAmount<Unit> {
  const measured = line.shares.filter((share) => share.quantity != null)
  const firstUnit = line.shares.find((share) => share.unit)?.unit ?? null
  if (measured.length === 0) return { quantity: null, unit: firstUnit, converted: false }
  const oneUnit = measured.every((share) => (share.unit?.id ?? null) === (measured[0]!.unit?.id ?? null))
  if (oneUnit) {
    const quantity = roundSum(measured.reduce((sum, share) => sum + share.quantity!, 0))
    return { quantity, unit: measured[0]!.unit, converted: false }
  }
  const standards = measured.map((share) => recogniseUnit(share.unit))
  const kind = standards[0]?.kind
  if (!kind || standards.some((standard) => standard?.kind !== kind)) {
    // shoppingLineKey never puts such shares in one line; a line built by hand that does is summed as it stands.
    return {
      quantity: roundSum(measured.reduce((sum, share) => sum + share.quantity!, 0)),
      unit: firstUnit,
      converted: false,
    }
  }
  const base = measured.reduce((sum, share, index) => sum + share.quantity! * standards[index]!.size, 0)
  const written = writeAmount(base, kind, system)
  return { quantity: written.quantity, unit: written.unit, converted: true }
}

/** What a line's amount is stored as: a quantity in one of the group's own units (or none). */
export interface StoredShoppingAmount<Unit extends ShoppingUnit = ShoppingUnit> {
  quantity: number
  unit: Unit | null
}

/**
 * A line's amount as the group's own units can hold it. Shares in one unit stay in it; shares summed across units are
 * written in `system` (`shoppingLineAmount`) and in the group's unit of that name when `units` has one, else in the
 * line's own unit of `system` (the first share's when none is), so that the line never names a unit the group lacks.
 */
export function storedShoppingAmount<Unit extends ShoppingUnit>(
  line: Pick<ShoppingLine<Unit>, 'shares'>,
  system: MeasurementSystem,
  units: readonly Unit[] = [],
): StoredShoppingAmount<Unit> {
  const amount = shoppingLineAmount(line, system)
  if (!amount.converted) return { quantity: amount.quantity ?? 0, unit: amount.unit as Unit | null }
  const written = amount.unit as StandardUnit
  const ownUnits = line.shares.flatMap((share) => (share.unit ? [share.unit] : []))
  const named = [...ownUnits, ...units].find((unit) => recogniseUnit(unit)?.key === written.key)
  if (named) return { quantity: amount.quantity ?? 0, unit: named }
  const fallback = ownUnits.find((unit) => recogniseUnit(unit)?.system === system) ?? ownUnits[0]!
  // The exact sum, not the written one: 3 tsp + 1 tbsp is 6 tsp, though metric writes it as 30 ml.
  const base = line.shares.reduce(
    (sum, share) => sum + (share.quantity == null ? 0 : share.quantity * recogniseUnit(share.unit)!.size),
    0,
  )
  return { quantity: roundSum(base / recogniseUnit(fallback)!.size), unit: fallback }
}

/**
 * The line with `ownSource`'s share set so that the line's amount comes to `quantity` in `unit`: what people typed or
 * added by hand beside the recipes' shares. The other shares stay, so removing a recipe later still takes exactly its
 * share off. Shares of the same dimension are converted; shares of a unit that cannot be converted count as they are.
 */
export function withShoppingAmount<Unit extends ShoppingUnit>(
  line: ShoppingLine<Unit>,
  ownSource: string,
  quantity: number,
  unit: Unit | null,
): ShoppingLine<Unit> {
  const others = line.shares.filter((share) => share.source !== ownSource)
  const own = line.shares.find((share) => share.source === ownSource)
  const target = recogniseUnit(unit)
  let covered = 0
  for (const share of others) {
    if (share.quantity == null) continue
    const standard = recogniseUnit(share.unit)
    if ((share.unit?.id ?? null) === (unit?.id ?? null)) covered += share.quantity
    else if (target && standard?.kind === target.kind) covered += (share.quantity * standard.size) / target.size
  }
  const rest = roundSum(quantity - covered)
  if (rest === 0 && others.length > 0) return own ? { ...line, shares: others } : line
  const share: ShoppingShare<Unit> = { source: ownSource, quantity: rest, unit, note: own?.note ?? line.note }
  return {
    ...line,
    shares: own ? line.shares.map((old) => (old === own ? share : old)) : [...others, share],
  }
}
