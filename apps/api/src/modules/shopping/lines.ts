import type { IngredientUnit } from '@larder/contracts'
import {
  addToShoppingLines,
  shoppingLineKey,
  storedShoppingAmount,
  type MeasurementSystem,
  type ShoppingLine,
  type ShoppingRequest,
} from '@larder/kitchen'
import type { ItemRow, ItemValues, ListRow, ShareRow, ShareValues } from './repo.js'

/**
 * A list's lines while one write edits them, in memory: the kitchen package merges them (`addToShoppingLines`,
 * `shoppingLineKey`, `storedShoppingAmount`), and `changesOf` tells the repo what to write. The list is locked for
 * the whole transaction, so nobody else changes them meanwhile.
 */

/** What a recipe's share records beside its amount (Mealie's item recipe reference). */
export interface ShareMeta {
  recipeId: string
  mealplanId: string | null
  /** The ingredient's amount in one copy (scale 1) of the recipe. */
  recipeQuantity: number
  recipeScale: number
}

/** The line's own fields, which merging leaves alone. */
export interface LineItem {
  id: string
  position: number
  labelId: string | null
  isFood: boolean
  extras: Record<string, string>
}

export interface Line extends ShoppingLine<IngredientUnit> {
  item?: LineItem
}

export interface ListLines {
  list: ListRow
  system: MeasurementSystem
  lines: Line[]
  /** The stored lines as loaded, by id. */
  loaded: Map<string, { row: ItemRow; shares: ShareValues[] }>
  /** By share source: what a recipe's share records. */
  meta: Map<string, ShareMeta>
  units: Map<string, IngredientUnit>
  nextPosition: number
  /** Lines a request changed even when their amount did not move (a check, a new position). */
  touched: Set<string>
}

/** The share a person's own typing and edits make of a line. */
export const ownSource = (itemId: string) => `own:${itemId}`

/** The source of a recipe ingredient's share: one per recipe, plan entry and ingredient on a list. */
export const recipeSource = (recipeId: string, mealplanId: string | null, ingredient: string) =>
  `recipe:${recipeId}:${mealplanId ?? '-'}:${ingredient}`

export const systemOf = (list: ListRow): MeasurementSystem => (list.extras.measurementSystem === 'us' ? 'us' : 'metric')

export const keyOf = (line: Pick<Line, 'food' | 'note' | 'checked'>, unit: IngredientUnit | null) =>
  shoppingLineKey({ food: line.food, unit, note: line.note, checked: line.checked })

/** The lines of stored rows (live ones, in position order) with their shares. */
export function linesOf(
  list: ListRow,
  rows: readonly ItemRow[],
  shares: readonly ShareRow[],
  units: Map<string, IngredientUnit>,
): ListLines {
  const meta = new Map<string, ShareMeta>()
  const byItem = new Map<string, ShareRow[]>()
  for (const share of shares) byItem.set(share.itemId, [...(byItem.get(share.itemId) ?? []), share])
  const loaded = new Map<string, { row: ItemRow; shares: ShareValues[] }>()
  const lines = rows.map((row): Line => {
    const stored = byItem.get(row.id) ?? []
    const unitOf = (id: string | null) => (id ? (units.get(id) ?? null) : null)
    for (const share of stored) {
      if (share.recipeId) {
        meta.set(share.source, {
          recipeId: share.recipeId,
          mealplanId: share.mealplanId,
          recipeQuantity: share.recipeQuantity,
          recipeScale: share.recipeScale,
        })
      }
    }
    const lineShares = stored.length
      ? stored.map((share) => ({
          source: share.source,
          quantity: share.quantity,
          unit: unitOf(share.unitId),
          note: share.note,
        }))
      : [{ source: ownSource(row.id), quantity: row.quantity, unit: unitOf(row.unitId), note: row.note }]
    loaded.set(row.id, { row, shares: stored.map(({ id: _id, itemId: _item, ...values }) => values) })
    const food = row.foodId ? { id: row.foodId, name: '' } : null
    const line: Line = {
      key: '',
      food,
      note: row.note,
      checked: row.checked,
      shares: lineShares,
      item: { id: row.id, position: row.position, labelId: row.labelId, isFood: row.isFood, extras: row.extras },
    }
    line.key = keyOf(line, unitOf(row.unitId))
    return line
  })
  const nextPosition = rows.reduce((last, row) => Math.max(last, row.position + 1), 0)
  return { list, system: systemOf(list), lines, loaded, meta, units, nextPosition, touched: new Set() }
}

/**
 * Puts one source's share on the list: into the line of its key when there is one, else on a new line with `item`'s
 * fields. Answers the line that holds it.
 */
export function addShare(state: ListLines, request: ShoppingRequest<IngredientUnit>, item: () => LineItem): Line {
  state.lines = addToShoppingLines(state.lines, request)
  const line = state.lines.find((candidate) => candidate.shares.some((share) => share.source === request.source))!
  if (!line.item) {
    line.item = item()
    state.nextPosition = Math.max(state.nextPosition, line.item.position + 1)
  }
  return line
}

export interface LineChanges {
  created: ItemValues[]
  updated: ItemValues[]
  deleted: string[]
  shares: Map<string, ShareValues[]>
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** What to write for the lines as they now stand: new rows, changed rows, and the ids of lines gone. */
export function changesOf(state: ListLines, version: number): LineChanges {
  const changes: LineChanges = { created: [], updated: [], deleted: [], shares: new Map() }
  const kept = new Set<string>()
  const units = [...state.units.values()]
  for (const line of state.lines) {
    const item = line.item!
    const amount = storedShoppingAmount(line, state.system, units)
    if (amount.quantity < 0) continue // Mealie: a line taken below zero goes.
    kept.add(item.id)
    const values: ItemValues = {
      id: item.id,
      listId: state.list.id,
      groupId: state.list.groupId,
      householdId: state.list.householdId,
      checked: line.checked,
      position: item.position,
      quantity: amount.quantity,
      unitId: amount.unit?.id ?? null,
      foodId: line.food?.id ?? null,
      labelId: item.labelId,
      note: line.note,
      isFood: item.isFood,
      extras: item.extras,
      version,
    }
    const shares = line.shares.map((share): ShareValues => {
      const meta = state.meta.get(share.source)
      return {
        source: share.source,
        recipeId: meta?.recipeId ?? null,
        mealplanId: meta?.mealplanId ?? null,
        quantity: share.quantity,
        unitId: share.unit?.id ?? null,
        recipeQuantity: meta?.recipeQuantity ?? 0,
        recipeScale: meta?.recipeScale ?? 1,
        note: share.note,
      }
    })
    const before = state.loaded.get(item.id)
    if (!before) {
      changes.created.push(values)
      changes.shares.set(item.id, shares)
      continue
    }
    const { createdAt: _c, updatedAt: _u, deleted: _d, version: _v, ...stored } = before.row
    const { version: _version, ...wanted } = values
    if (state.touched.has(item.id) || !sameJson(stored, wanted) || !sameJson(before.shares, shares)) {
      changes.updated.push(values)
      changes.shares.set(item.id, shares)
    }
  }
  for (const id of state.loaded.keys()) if (!kept.has(id)) changes.deleted.push(id)
  return changes
}
