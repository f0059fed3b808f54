import type { IngredientFood, IngredientUnit, ShoppingListItemUpdateParsed } from '@larder/contracts'
import { withShoppingAmount } from '@larder/kitchen'
import { keyOf, ownSource, recipeSource, type Line, type ListLines } from './lines.js'

/** Mealie's flag rule: a flag given alone implies the other; with neither, a line is a food when it has one. */
export function isFoodOf(
  input: { isFood?: boolean | null; disableAmount?: boolean | null },
  hasFood: boolean,
): boolean {
  if (input.isFood != null) return input.isFood
  if (input.disableAmount != null) return !input.disableAmount
  return hasFood
}

/** The id a body names for a food or unit: `foodId`, else the embedded object's id. */
export const idOf = (id: string | null | undefined, embedded: { id?: string | null } | null | undefined) =>
  id !== undefined ? id : embedded === undefined ? undefined : (embedded?.id ?? null)

/**
 * One line's edit (Mealie's item update body), in memory on the locked list's lines. The caller has checked that the
 * foods and units named are the group's (`catalogue`).
 */
export function editLine(
  state: ListLines,
  line: Line,
  body: ShoppingListItemUpdateParsed,
  catalogue: { foodById: Map<string, IngredientFood>; unitById: Map<string, IngredientUnit> },
) {
  const item = line.item!
  const id = item.id
  state.touched.add(id)
  const foodId = idOf(body.foodId, body.food)
  if (foodId !== undefined) line.food = foodId ? { id: foodId, name: catalogue.foodById.get(foodId)!.name } : null
  const current = state.units.get(state.loaded.get(id)?.row.unitId ?? '') ?? null
  let unit = current
  const unitId = idOf(body.unitId, body.unit)
  if (unitId !== undefined) {
    unit = unitId ? catalogue.unitById.get(unitId)! : null
    if (unit) state.units.set(unit.id, unit)
    // A new unit on the line: its shares are counted in it from now on.
    if ((unit?.id ?? null) !== (current?.id ?? null)) {
      line.shares = line.shares.map((share) => ({ ...share, unit }))
    }
  }
  if (body.note !== undefined) {
    line.note = body.note ?? ''
    line.shares = line.shares.map((share) => (share.source === ownSource(id) ? { ...share, note: line.note } : share))
  }
  if (body.checked != null) line.checked = body.checked
  if (body.position != null) item.position = body.position
  if (body.labelId !== undefined) item.labelId = body.labelId
  if (body.isFood != null || body.disableAmount != null) item.isFood = isFoodOf(body, line.food != null)
  if (body.extras != null) item.extras = body.extras
  if (body.recipeReferences) {
    const wanted = new Map(body.recipeReferences.map((ref) => [ref.recipeId, ref]))
    const kept = line.shares.filter((share) => {
      const meta = state.meta.get(share.source)
      return !meta || wanted.has(meta.recipeId)
    })
    const shares = [...kept]
    for (const [recipeId, ref] of wanted) {
      const own = kept.filter((share) => state.meta.get(share.source)?.recipeId === recipeId)
      const total = own.reduce((sum, share) => sum + state.meta.get(share.source)!.recipeQuantity, 0)
      const scale = own.length ? state.meta.get(own[0]!.source)!.recipeScale : null
      const same = own.length > 0 && Math.abs(total - ref.recipeQuantity) < 1e-9 && scale === ref.recipeScale
      if (same) continue
      const source = recipeSource(recipeId, null, id)
      state.meta.set(source, {
        recipeId,
        mealplanId: null,
        recipeQuantity: ref.recipeQuantity,
        recipeScale: ref.recipeScale,
      })
      const others = shares.filter((share) => !own.includes(share))
      shares.length = 0
      shares.push(...others, {
        source,
        quantity: ref.recipeQuantity * ref.recipeScale,
        unit,
        note: ref.recipeNote ?? '',
      })
    }
    line.shares = shares
  }
  // The amount is set only when it moves: Mealie's clients send the whole line back with every check, and its
  // written amount (485 ml for a cup and 250 ml) must not turn into a typed share of the difference.
  const amountNow = state.loaded.get(id)?.row.quantity ?? 0
  const target =
    body.quantityIncrement != null
      ? amountNow + body.quantityIncrement
      : body.quantity != null && Math.abs(body.quantity - amountNow) > 1e-9
        ? body.quantity
        : null
  if (target != null) line.shares = withShoppingAmount(line, ownSource(id), target, unit).shares
  if (line.shares.length === 0) line.shares = [{ source: ownSource(id), quantity: 0, unit, note: line.note }]
  line.key = keyOf(line, unit)
  if (!line.checked) {
    // Edited into a duplicate of an unchecked line (or unchecked beside one): that line takes it.
    const twin = state.lines.find((other) => other !== line && !other.checked && other.key === line.key)
    if (twin) {
      twin.shares = [...twin.shares, ...line.shares]
      state.touched.add(twin.item!.id)
      state.lines = state.lines.filter((other) => other !== line)
    }
  }
}
