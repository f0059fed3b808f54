import { randomUUID } from 'node:crypto'
import type {
  IngredientFood,
  IngredientUnit,
  ShoppingListItemsCollectionOut,
  ShoppingListMealPlanInputParsed,
  ShoppingListMealPlanLine,
  ShoppingListMealPlanPreview,
  ShoppingListMealPlanSource,
} from '@larder/contracts'
import { ingredientDisplay, storedShoppingAmount, type ShoppingRequest } from '@larder/kitchen'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Scope } from '../../http/scope.js'
import { planEntryRef, type MealPlansModule, type PlannedRecipeEntry } from '../mealplans/index.js'
import { loadRecipes } from '../recipes/index.js'
import type { ShoppingAnswers } from './answers.js'
import type { Catalogue } from './catalogue.js'
import { addShare, linesOf, recipeSource, type Line, type ListLines, type ShareMeta } from './lines.js'
import { listMissing, type ListLock } from './list-lock.js'
import { shoppingItemRepo as items, shoppingListRepo as lists } from './repo.js'
import { itemEvents, saveLines } from './save-lines.js'

/** One ingredient of one plan entry's recipe, as the share it would put on a list. */
interface PlannedShare {
  entry: ShoppingListMealPlanSource
  meta: ShareMeta
  request: ShoppingRequest<IngredientUnit>
  food: IngredientFood | null
}

/**
 * The scale a plan entry gives its recipe: the entry's servings over the recipe's. An entry without servings, or a
 * recipe that does not say how many it serves, gives the recipe as written (1). Each share records it
 * (`recipeScale`), so taking the entry's recipe off the list again takes exactly what it added.
 */
export function planScale(servings: number | null, recipeServings: number | null | undefined): number {
  if (!servings || !recipeServings || recipeServings <= 0) return 1
  return servings / recipeServings
}

/** The plan entries already on the list (a share of theirs is on a live line). */
const entriesOn = (state: ListLines) =>
  new Set([...state.meta.values()].flatMap((meta) => (meta.mealplanId ? [meta.mealplanId] : [])))

/** Puts planned shares on the lines, each a recipe's share with its plan entry. */
function addPlanned(state: ListLines, shares: readonly PlannedShare[]) {
  for (const share of shares) {
    state.meta.set(share.request.source, share.meta)
    if (share.request.unit) state.units.set(share.request.unit.id, share.request.unit)
    addShare(state, share.request, () => ({
      id: randomUUID(),
      position: state.nextPosition,
      labelId: share.food?.labelId ?? null,
      isFood: share.food != null,
      extras: {},
    }))
  }
}

/** The sources of a line, once per plan entry. */
function sourcesOf(line: Line, byShare: Map<string, PlannedShare>): ShoppingListMealPlanSource[] {
  const sources = new Map<number, ShoppingListMealPlanSource>()
  for (const share of line.shares) {
    const planned = byShare.get(share.source)
    if (planned) sources.set(planned.entry.planEntryId, planned.entry)
  }
  return [...sources.values()]
}

/**
 * Shop for these days (issue #32): the plan's recipes of a date range onto a list in one step, each plan entry its
 * own source, with a preview of what would be added.
 */
export function createMealPlanShoppingService(deps: {
  db: Database
  answers: ShoppingAnswers
  catalogue: Catalogue
  lock: ListLock
  /** The plan's entries of a date range. */
  plan: Pick<MealPlansModule, 'recipeEntriesBetween'>
}) {
  const { db, plan } = deps
  const { collection } = deps.answers
  const { catalogueOf } = deps.catalogue
  const { openLines } = deps.lock

  /**
   * The shares the plan's entries with a recipe between the dates would put on a list, read in the caller's executor:
   * each ingredient of each entry's recipe, at the entry's scale (`planScale`).
   */
  async function plannedShares(
    ex: Executor,
    scope: Scope,
    input: ShoppingListMealPlanInputParsed,
  ): Promise<PlannedShare[]> {
    const entries: PlannedRecipeEntry[] = await plan.recipeEntriesBetween(ex, scope, input.startDate, input.endDate)
    const recipes = new Map(
      (await loadRecipes(ex, scope, [...new Set(entries.map((entry) => entry.recipeId))])).map((r) => [r.id, r]),
    )
    const ingredients = [...recipes.values()].flatMap((recipe) => recipe.recipeIngredient)
    const { foodById, unitById } = await catalogueOf(
      ex,
      scope,
      ingredients.flatMap((ingredient) => (ingredient.food?.id ? [ingredient.food.id] : [])),
      ingredients.flatMap((ingredient) => (ingredient.unit?.id ? [ingredient.unit.id] : [])),
    )
    const shares: PlannedShare[] = []
    for (const entry of entries) {
      const recipe = recipes.get(entry.recipeId)
      if (!recipe) continue
      const scale = planScale(entry.servings, recipe.recipeServings)
      const mealplanId = planEntryRef(entry.id)
      const source: ShoppingListMealPlanSource = {
        planEntryId: entry.id,
        mealplanId,
        date: entry.date,
        entryType: entry.entryType,
        recipeId: recipe.id,
        recipeName: recipe.name ?? '',
        servings: entry.servings,
        recipeScale: scale,
      }
      recipe.recipeIngredient.forEach((ingredient, index) => {
        const food = ingredient.food?.id ? (foodById.get(ingredient.food.id) ?? null) : null
        const unit = ingredient.unit?.id ? (unitById.get(ingredient.unit.id) ?? null) : null
        const note = ingredient.note ?? ''
        if (!food && !note.trim() && ingredient.quantity == null) return // a heading, nothing to buy
        const recipeQuantity = ingredient.quantity ?? 0
        shares.push({
          entry: source,
          food,
          meta: { recipeId: recipe.id, mealplanId, recipeQuantity, recipeScale: scale },
          request: {
            source: recipeSource(recipe.id, mealplanId, ingredient.referenceId ?? String(index)),
            quantity: ingredient.quantity == null ? null : recipeQuantity * scale,
            unit,
            food: food ? { id: food.id, name: food.name } : null,
            note,
            checked: false,
          },
        })
      })
    }
    return shares
  }

  async function previewMealPlan(
    scope: Scope,
    listId: string,
    input: ShoppingListMealPlanInputParsed,
  ): Promise<ShoppingListMealPlanPreview> {
    const list = await lists.findById(db, scope, listId)
    if (!list) throw listMissing()
    const rows = await items.liveOfLists(db, [list.id])
    const onList = new Set(
      (
        await items.sharesOf(
          db,
          rows.map((row) => row.id),
        )
      ).flatMap((share) => (share.mealplanId ? [share.mealplanId] : [])),
    )
    const shares = await plannedShares(db, scope, input)
    const fresh = shares.filter((share) => !onList.has(share.meta.mealplanId!))
    // The new shares merged among themselves, as the list would merge them on new lines.
    const state = linesOf(list, [], [], new Map())
    addPlanned(state, fresh)
    const byShare = new Map(fresh.map((share) => [share.request.source, share]))
    const foodById = new Map(fresh.flatMap((share) => (share.food ? [[share.food.id, share.food] as const] : [])))
    const units = [...state.units.values()]
    const lines = state.lines.map((line): ShoppingListMealPlanLine => {
      const amount = storedShoppingAmount(line, state.system, units)
      const food = line.food ? (foodById.get(line.food.id) ?? null) : null
      const isFood = food != null
      return {
        food,
        unit: amount.unit,
        quantity: amount.quantity,
        note: line.note,
        display: ingredientDisplay({ quantity: amount.quantity, unit: amount.unit, food, note: line.note, isFood }),
        onHand: food?.onHand ?? false,
        sources: sourcesOf(line, byShare),
      }
    })
    const skipped = new Map(
      shares
        .filter((share) => onList.has(share.meta.mealplanId!))
        .map((share) => [share.entry.planEntryId, share.entry]),
    )
    return {
      shoppingListId: list.id,
      startDate: input.startDate,
      endDate: input.endDate,
      lines,
      entriesOnList: [...skipped.values()],
    }
  }

  /**
   * Adds each plan entry of the range with a recipe as its own source, unless the list already has it (so the same
   * days added twice, even at once, add once: the list stays locked from the check to the write). Foods in
   * `leaveOut` (default: those the household has on hand) are not added.
   */
  function addMealPlan(
    scope: Scope,
    listId: string,
    input: ShoppingListMealPlanInputParsed,
  ): Promise<ShoppingListItemsCollectionOut> {
    return inTransaction(db, async (tx) => {
      const state = await openLines(tx, scope, listId)
      const onList = entriesOn(state)
      const shares = (await plannedShares(tx, scope, input)).filter((share) => !onList.has(share.meta.mealplanId!))
      const leaveOut = input.leaveOut
        ? new Set(input.leaveOut)
        : new Set(shares.flatMap((share) => (share.food?.onHand ? [share.food.id] : [])))
      const added = shares.filter((share) => !share.food || !leaveOut.has(share.food.id))
      addPlanned(state, added)
      const written = await saveLines(tx, state)
      // The list's recipe counts: once per plan entry added, at its scale.
      const scales = new Map<string, number>()
      const counted = new Set<number>()
      for (const share of added) {
        if (counted.has(share.entry.planEntryId)) continue
        counted.add(share.entry.planEntryId)
        scales.set(share.entry.recipeId, (scales.get(share.entry.recipeId) ?? 0) + share.entry.recipeScale)
      }
      for (const [recipeId, scale] of scales) await lists.addRecipeQuantity(tx, listId, recipeId, scale)
      const answer = await collection(tx, scope, [written])
      await publish(tx, scope, ...itemEvents(listId, written))
      return answer
    })
  }

  return { previewMealPlan, addMealPlan }
}

export type MealPlanShoppingService = ReturnType<typeof createMealPlanShoppingService>
