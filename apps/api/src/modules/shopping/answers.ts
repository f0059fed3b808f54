import type {
  IngredientFood,
  IngredientUnit,
  MultiPurposeLabel,
  RecipeSummary,
  ShoppingListItemOut,
  ShoppingListItemRecipeRefOut,
  ShoppingListItemsCollectionOut,
  ShoppingListOut,
  ShoppingListSummary,
} from '@larder/contracts'
import { ingredientDisplay } from '@larder/kitchen'
import type { Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import type { FoodService, LabelService, UnitService } from '../foods/index.js'
import { recipeSummaries } from '../recipes/index.js'
import { listMissing } from './list-lock.js'
import {
  shoppingItemRepo as items,
  shoppingListRepo as lists,
  type ItemRow,
  type ListRow,
  type ShareRow,
} from './repo.js'
import type { Written } from './save-lines.js'

/** Mealie's item recipe references: one per recipe (and plan entry), its ingredients' shares summed. */
function recipeReferencesOf(itemId: string, shares: readonly ShareRow[]): ShoppingListItemRecipeRefOut[] {
  const byRecipe = new Map<string, ShoppingListItemRecipeRefOut>()
  for (const share of shares) {
    if (!share.recipeId) continue
    const key = `${share.recipeId}:${share.mealplanId ?? ''}`
    const known = byRecipe.get(key)
    if (known) known.recipeQuantity += share.recipeQuantity
    else
      byRecipe.set(key, {
        id: share.id,
        shoppingListItemId: itemId,
        recipeId: share.recipeId,
        recipeQuantity: share.recipeQuantity,
        recipeScale: share.recipeScale,
        recipeNote: share.note || null,
        mealplanId: share.mealplanId,
      })
  }
  return [...byRecipe.values()]
}

function toItemOut(
  row: ItemRow,
  shares: readonly ShareRow[],
  foodById: Map<string, IngredientFood>,
  unitById: Map<string, IngredientUnit>,
  labelById: Map<string, MultiPurposeLabel>,
): ShoppingListItemOut {
  const food = (row.foodId && foodById.get(row.foodId)) || null
  const unit = (row.unitId && unitById.get(row.unitId)) || null
  // Answers fill a line's missing label from its food's (not stored), as Mealie does.
  const labelId = row.labelId ?? food?.labelId ?? null
  const label = (labelId && labelById.get(labelId)) || null
  return {
    id: row.id,
    shoppingListId: row.listId,
    groupId: row.groupId,
    householdId: row.householdId,
    checked: row.checked,
    position: row.position,
    isFood: row.isFood,
    disableAmount: !row.isFood,
    note: row.note,
    quantity: row.quantity,
    foodId: row.foodId,
    labelId: label ? labelId : null,
    unitId: row.unitId,
    food,
    label,
    unit,
    display: ingredientDisplay({ quantity: row.quantity, unit, food, note: row.note, isFood: row.isFood }),
    extras: row.extras,
    recipeReferences: recipeReferencesOf(row.id, shares),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

/**
 * The wire shapes of lists and lines, read through whichever executor the caller holds: the pool, or its
 * transaction (a write answers what it wrote before it commits).
 */
export function createShoppingAnswers(deps: { foods: FoodService; units: UnitService; labels: LabelService }) {
  const { foods, units, labels } = deps

  async function describeItems(ex: Executor, scope: Scope, rows: readonly ItemRow[]): Promise<ShoppingListItemOut[]> {
    if (rows.length === 0) return []
    const shares = await items.sharesOf(
      ex,
      rows.map((row) => row.id),
    )
    const foodIds = [...new Set(rows.flatMap((row) => (row.foodId ? [row.foodId] : [])))]
    const unitIds = [...new Set(rows.flatMap((row) => (row.unitId ? [row.unitId] : [])))]
    const foodRows = await foods.answersByIds(ex, scope, foodIds)
    const unitRows = await units.answersByIds(ex, scope, unitIds)
    const foodById = new Map(foodRows.map((food) => [food.id, food]))
    const unitById = new Map(unitRows.map((unit) => [unit.id, unit]))
    const labelIds = [
      ...new Set(rows.flatMap((row) => (row.labelId ? [row.labelId] : []))),
      ...foodRows.flatMap((food) => (food.labelId ? [food.labelId] : [])),
    ]
    const labelById = new Map((await labels.answersByIds(ex, scope, [...new Set(labelIds)])).map((l) => [l.id, l]))
    const sharesByItem = new Map<string, ShareRow[]>()
    for (const share of shares) sharesByItem.set(share.itemId, [...(sharesByItem.get(share.itemId) ?? []), share])
    return rows.map((row) => toItemOut(row, sharesByItem.get(row.id) ?? [], foodById, unitById, labelById))
  }

  async function describeLists(ex: Executor, scope: Scope, rows: readonly ListRow[]): Promise<ShoppingListSummary[]> {
    const ids = rows.map((row) => row.id)
    const refs = await lists.recipeRefsOf(ex, ids)
    const settings = await lists.labelSettingsOf(ex, ids)
    const recipes = new Map<string, RecipeSummary>(
      (await recipeSummaries(ex, scope, [...new Set(refs.map((ref) => ref.recipeId))])).map((r) => [r.id, r]),
    )
    const labelById = new Map(
      (await labels.answersByIds(ex, scope, [...new Set(settings.map((setting) => setting.labelId))])).map((label) => [
        label.id,
        label,
      ]),
    )
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      extras: row.extras,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      groupId: row.groupId,
      userId: row.userId,
      householdId: row.householdId,
      recipeReferences: refs
        .filter((ref) => ref.listId === row.id)
        .map((ref) => ({
          id: ref.id,
          shoppingListId: ref.listId,
          recipeId: ref.recipeId,
          recipeQuantity: ref.recipeQuantity,
          recipe: recipes.get(ref.recipeId) ?? null,
        })),
      labelSettings: settings
        .filter((setting) => setting.listId === row.id && labelById.has(setting.labelId))
        .map((setting) => ({
          id: setting.id,
          shoppingListId: setting.listId,
          labelId: setting.labelId,
          position: setting.position,
          label: labelById.get(setting.labelId)!,
        })),
      version: row.version,
    }))
  }

  async function describeList(ex: Executor, scope: Scope, listId: string): Promise<ShoppingListOut> {
    const row = await lists.findById(ex, scope, listId)
    if (!row) throw listMissing()
    const [summary] = await describeLists(ex, scope, [row])
    return { ...summary!, listItems: await describeItems(ex, scope, await items.liveOfLists(ex, [row.id])) }
  }

  /** The answer's three collections, read in the transaction. */
  async function collection(tx: Executor, scope: Scope, written: Written[]): Promise<ShoppingListItemsCollectionOut> {
    const created = written.flatMap((entry) => entry.created)
    const updated = written.flatMap((entry) => entry.updated).filter((id) => !created.includes(id))
    const deleted = written.flatMap((entry) => entry.deleted)
    const rows = new Map(
      (await items.findByIds(tx, scope, [...created, ...updated, ...deleted])).map((row) => [row.id, row]),
    )
    const describe = async (ids: string[]) =>
      describeItems(
        tx,
        scope,
        ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])),
      )
    return {
      createdItems: await describe(created),
      updatedItems: await describe(updated),
      deletedItems: await describe(deleted),
    }
  }

  return { describeItems, describeLists, describeList, collection }
}

export type ShoppingAnswers = ReturnType<typeof createShoppingAnswers>
