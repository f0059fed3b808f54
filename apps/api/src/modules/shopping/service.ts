import { randomUUID } from 'node:crypto'
import type {
  IngredientFood,
  IngredientUnit,
  MultiPurposeLabel,
  RecipeSummary,
  ShoppingListAddRecipeParsed,
  ShoppingListChanges,
  ShoppingListCreateParsed,
  ShoppingListItemCreateParsed,
  ShoppingListItemOut,
  ShoppingListItemRecipeRefOut,
  ShoppingListItemsCollectionOut,
  ShoppingListItemUpdateParsed,
  ShoppingListMealPlanInputParsed,
  ShoppingListMealPlanLine,
  ShoppingListMealPlanPreview,
  ShoppingListMealPlanSource,
  ShoppingListMultiPurposeLabelUpdate,
  ShoppingListOut,
  ShoppingListSummary,
  ShoppingListUpdateParsed,
  SuccessResponse,
} from '@larder/contracts'
import { ingredientDisplay, storedShoppingAmount, withShoppingAmount, type ShoppingRequest } from '@larder/kitchen'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish, type EventToPublish } from '../../events/outbox.js'
import { badRequest, HttpError, notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { FoodService, LabelService, UnitService } from '../foods/index.js'
import { planEntryRef, type MealPlansModule, type PlannedRecipeEntry } from '../mealplans/index.js'
import { loadRecipes, recipeSummaries } from '../recipes/index.js'
import {
  addShare,
  changesOf,
  keyOf,
  linesOf,
  ownSource,
  recipeSource,
  type Line,
  type LineItem,
  type ListLines,
  type ShareMeta,
} from './lines.js'
import {
  isHouseholdMember,
  shoppingItemRepo as items,
  shoppingListRepo as lists,
  type ItemRow,
  type ListRow,
  type ShareRow,
} from './repo.js'

export interface ShoppingDeps {
  db: Database
  foods: FoodService
  units: UnitService
  labels: LabelService
  /** The plan's entries of a date range ("shop for these days"). */
  plan: Pick<MealPlansModule, 'recipeEntriesBetween'>
}

type Location = (string | number)[]
interface Issue {
  loc: Location
  msg: string
  type: string
}

const listMissing = () => notFound('Shopping list not found')
const itemMissing = () => notFound('Shopping list item not found')
const gone = () => new HttpError(410, 'This item was deleted meanwhile')

/** Mealie's flag rule: a flag given alone implies the other; with neither, a line is a food when it has one. */
function isFoodOf(input: { isFood?: boolean | null; disableAmount?: boolean | null }, hasFood: boolean): boolean {
  if (input.isFood != null) return input.isFood
  if (input.disableAmount != null) return !input.disableAmount
  return hasFood
}

/** The id a body names for a food or unit: `foodId`, else the embedded object's id. */
const idOf = (id: string | null | undefined, embedded: { id?: string | null } | null | undefined) =>
  id !== undefined ? id : embedded === undefined ? undefined : (embedded?.id ?? null)

export function createShoppingService(deps: ShoppingDeps) {
  const { db, foods, units, labels, plan } = deps

  // ——— Answers (read through whichever executor the caller holds: the pool, or its transaction) ———

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

  // ——— Writes: lock the list, edit its lines in memory, write what changed, announce it ———

  /** The list locked for this transaction, and its live lines. */
  async function openLines(tx: Executor, scope: Scope, listId: string): Promise<ListLines> {
    const list = await lists.findById(tx, scope, listId, { forUpdate: true })
    if (!list) throw listMissing()
    const rows = await items.liveOfLists(tx, [list.id])
    const shares = await items.sharesOf(
      tx,
      rows.map((row) => row.id),
    )
    const unitIds = new Set<string>()
    for (const row of rows) if (row.unitId) unitIds.add(row.unitId)
    for (const share of shares) if (share.unitId) unitIds.add(share.unitId)
    const unitRows = await units.answersByIds(tx, scope, [...unitIds])
    return linesOf(list, rows, shares, new Map(unitRows.map((unit) => [unit.id, unit])))
  }

  interface Written {
    created: string[]
    updated: string[]
    deleted: string[]
  }

  /** Writes the lines' changes under the list's next version; nothing (no new version) when nothing changed. */
  async function saveLines(tx: Executor, state: ListLines): Promise<Written> {
    const probe = changesOf(state, state.list.version)
    if (probe.created.length + probe.updated.length + probe.deleted.length === 0) {
      return { created: [], updated: [], deleted: [] }
    }
    const version = await lists.nextVersion(tx, state.list.id)
    state.list = { ...state.list, version }
    const changes = changesOf(state, version)
    for (const values of changes.created) {
      await items.insert(tx, values)
      await items.replaceShares(tx, values.id, changes.shares.get(values.id) ?? [])
    }
    for (const values of changes.updated) {
      await items.update(tx, values)
      await items.replaceShares(tx, values.id, changes.shares.get(values.id) ?? [])
    }
    await items.tombstone(tx, changes.deleted, version)
    await lists.dropUnusedRecipes(tx, state.list.id)
    return {
      created: changes.created.map((values) => values.id),
      updated: changes.updated.map((values) => values.id),
      deleted: changes.deleted,
    }
  }

  function itemEvents(listId: string, written: Written): EventToPublish[] {
    const events: EventToPublish[] = []
    const add = (type: EventToPublish['type'], ids: string[]) => {
      if (ids.length > 0)
        events.push({ type, document: { shoppingListId: listId, shoppingListItemIds: ids } } as EventToPublish)
    }
    add('shopping-list-item.created', written.created)
    add('shopping-list-item.updated', written.updated)
    add('shopping-list-item.deleted', written.deleted)
    return events
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

  /** The foods and units a body names, checked to be the group's; 422 at the field otherwise. */
  async function catalogueOf(tx: Executor, scope: Scope, foodIds: string[], unitIds: string[]) {
    const foodById = new Map((await foods.answersByIds(tx, scope, [...new Set(foodIds)])).map((f) => [f.id, f]))
    const unitById = new Map((await units.answersByIds(tx, scope, [...new Set(unitIds)])).map((u) => [u.id, u]))
    return { foodById, unitById }
  }

  async function checkLabels(tx: Executor, scope: Scope, wanted: { id: string; loc: Location }[]) {
    const found = new Set(
      (await labels.answersByIds(tx, scope, [...new Set(wanted.map((entry) => entry.id))])).map((l) => l.id),
    )
    return wanted
      .filter((entry) => !found.has(entry.id))
      .map((entry): Issue => ({ loc: entry.loc, msg: 'No such label in this group', type: 'value_error' }))
  }

  /** Locks lists in id order, so that two writes to the same lists wait for each other instead of deadlocking. */
  async function openMany(tx: Executor, scope: Scope, listIds: Iterable<string>): Promise<Map<string, ListLines>> {
    const opened = new Map<string, ListLines>()
    for (const id of [...new Set(listIds)].sort()) opened.set(id, await openLines(tx, scope, id))
    return opened
  }

  async function saveAll(tx: Executor, scope: Scope, opened: Map<string, ListLines>) {
    const written: Written[] = []
    const events: EventToPublish[] = []
    for (const [listId, state] of opened) {
      const entry = await saveLines(tx, state)
      written.push(entry)
      events.push(...itemEvents(listId, entry))
    }
    return { written, events }
  }

  /** A food named on a line with a label learns that label when it has none (the first line that sets one). */
  async function learnLabels(tx: Executor, scope: Scope, pairs: { foodId: string | null; labelId: string | null }[]) {
    for (const { foodId, labelId } of pairs) if (foodId && labelId) await foods.learnLabel(tx, scope, foodId, labelId)
  }

  async function createItems(
    scope: Scope,
    bodies: readonly ShoppingListItemCreateParsed[],
  ): Promise<ShoppingListItemsCollectionOut> {
    return inTransaction(db, async (tx) => {
      const issues: Issue[] = []
      const ids = bodies.map((body) => body.id ?? randomUUID())
      const taken = await items.idsTaken(tx, ids)
      ids.forEach((id, index) => {
        if (taken.has(id) || ids.indexOf(id) !== index)
          issues.push({ loc: ['body', index, 'id'], msg: 'An item with this id exists', type: 'value_error' })
      })
      const foodIds = bodies.map((body) => idOf(body.foodId, body.food))
      const unitIds = bodies.map((body) => idOf(body.unitId, body.unit))
      const { foodById, unitById } = await catalogueOf(
        tx,
        scope,
        foodIds.flatMap((id) => (id ? [id] : [])),
        unitIds.flatMap((id) => (id ? [id] : [])),
      )
      const labelIds = bodies.map((body) => body.labelId ?? body.food?.labelId ?? null)
      issues.push(
        ...(await checkLabels(
          tx,
          scope,
          labelIds.flatMap((id, index) => (id ? [{ id, loc: ['body', index, 'labelId'] }] : [])),
        )),
      )
      const recipeIds = bodies.flatMap((body) => (body.recipeReferences ?? []).map((ref) => ref.recipeId))
      const knownRecipes = new Set((await recipeSummaries(tx, scope, [...new Set(recipeIds)])).map((r) => r.id))
      bodies.forEach((body, index) => {
        if (foodIds[index] && !foodById.has(foodIds[index]))
          issues.push({ loc: ['body', index, 'foodId'], msg: 'No such food in this group', type: 'value_error' })
        if (unitIds[index] && !unitById.has(unitIds[index]))
          issues.push({ loc: ['body', index, 'unitId'], msg: 'No such unit in this group', type: 'value_error' })
        ;(body.recipeReferences ?? []).forEach((ref, refIndex) => {
          if (!knownRecipes.has(ref.recipeId))
            issues.push({
              loc: ['body', index, 'recipeReferences', refIndex, 'recipeId'],
              msg: 'No such recipe in this group',
              type: 'value_error',
            })
        })
      })
      if (issues.length > 0) throw new ValidationFailure(issues)
      const opened = await openMany(
        tx,
        scope,
        bodies.map((body) => body.shoppingListId),
      )
      bodies.forEach((body, index) => {
        const quantity = body.quantity ?? 1
        if (quantity < 0) return // Mealie drops a new line below zero.
        const state = opened.get(body.shoppingListId)!
        const id = ids[index]!
        const foodId = foodIds[index] ?? null
        const food = foodId ? { id: foodId, name: foodById.get(foodId)!.name } : null
        const unitId = unitIds[index] ?? null
        const unit = unitId ? unitById.get(unitId)! : null
        if (unit) state.units.set(unit.id, unit)
        const item = (): LineItem => ({
          id,
          position: body.position ?? state.nextPosition,
          labelId: labelIds[index] ?? null,
          isFood: isFoodOf(body, food != null),
          extras: body.extras ?? {},
        })
        const base = { food, unit, note: body.note ?? '', checked: body.checked ?? false }
        let recipesQuantity = 0
        for (const ref of body.recipeReferences ?? []) {
          const source = recipeSource(ref.recipeId, null, id)
          state.meta.set(source, {
            recipeId: ref.recipeId,
            mealplanId: null,
            recipeQuantity: ref.recipeQuantity,
            recipeScale: ref.recipeScale,
          })
          recipesQuantity += ref.recipeQuantity * ref.recipeScale
          addShare(state, { ...base, source, quantity: ref.recipeQuantity * ref.recipeScale }, item)
        }
        const own = quantity - recipesQuantity
        if (own !== 0 || !body.recipeReferences?.length) {
          addShare(state, { ...base, source: ownSource(id), quantity: own }, item)
        }
      })
      await learnLabels(
        tx,
        scope,
        bodies.map((body, index) => ({ foodId: foodIds[index] ?? null, labelId: body.labelId ?? null })),
      )
      const { written, events } = await saveAll(tx, scope, opened)
      const answer = await collection(tx, scope, written)
      await publish(tx, scope, ...events)
      return answer
    })
  }

  /** One line's edit, in memory. The line is found by id; a deleted one answers 410. */
  function editLine(
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

  async function updateItems(
    scope: Scope,
    bodies: readonly (ShoppingListItemUpdateParsed & { id: string })[],
  ): Promise<ShoppingListItemsCollectionOut> {
    return inTransaction(db, async (tx) => {
      // The same id twice: the first one counts (Mealie).
      const unique = bodies.filter((body, index) => bodies.findIndex((other) => other.id === body.id) === index)
      const rows = new Map(
        (
          await items.findByIds(
            tx,
            scope,
            unique.map((body) => body.id),
          )
        ).map((row) => [row.id, row]),
      )
      for (const body of unique) {
        const row = rows.get(body.id)
        if (!row) throw itemMissing()
        if (row.deleted) throw gone()
        if (row.listId !== body.shoppingListId) throw badRequest('An item cannot move to another list')
      }
      const issues: Issue[] = []
      const foodIds = unique.map((body) => idOf(body.foodId, body.food))
      const unitIds = unique.map((body) => idOf(body.unitId, body.unit))
      const catalogue = await catalogueOf(
        tx,
        scope,
        foodIds.flatMap((id) => (id ? [id] : [])),
        unitIds.flatMap((id) => (id ? [id] : [])),
      )
      const recipeIds = unique.flatMap((body) => (body.recipeReferences ?? []).map((ref) => ref.recipeId))
      const knownRecipes = new Set((await recipeSummaries(tx, scope, [...new Set(recipeIds)])).map((r) => r.id))
      unique.forEach((body, index) => {
        const at = bodies.indexOf(body)
        if (foodIds[index] && !catalogue.foodById.has(foodIds[index]))
          issues.push({ loc: ['body', at, 'foodId'], msg: 'No such food in this group', type: 'value_error' })
        if (unitIds[index] && !catalogue.unitById.has(unitIds[index]))
          issues.push({ loc: ['body', at, 'unitId'], msg: 'No such unit in this group', type: 'value_error' })
        ;(body.recipeReferences ?? []).forEach((ref, refIndex) => {
          if (!knownRecipes.has(ref.recipeId))
            issues.push({
              loc: ['body', at, 'recipeReferences', refIndex, 'recipeId'],
              msg: 'No such recipe in this group',
              type: 'value_error',
            })
        })
      })
      issues.push(
        ...(await checkLabels(
          tx,
          scope,
          unique.flatMap((body) =>
            body.labelId ? [{ id: body.labelId, loc: ['body', bodies.indexOf(body), 'labelId'] }] : [],
          ),
        )),
      )
      if (issues.length > 0) throw new ValidationFailure(issues)
      const opened = await openMany(
        tx,
        scope,
        unique.map((body) => rows.get(body.id)!.listId),
      )
      for (const body of unique) {
        const state = opened.get(rows.get(body.id)!.listId)!
        const line = state.lines.find((candidate) => candidate.item?.id === body.id)
        // Deleted between the read above and the lock: the delete won.
        if (!line) throw gone()
        editLine(state, line, body, catalogue)
      }
      await learnLabels(
        tx,
        scope,
        unique.map((body) => ({
          foodId: rows.get(body.id)!.foodId ?? (foodIds[unique.indexOf(body)] || null),
          labelId: body.labelId ?? null,
        })),
      )
      const { written, events } = await saveAll(tx, scope, opened)
      const answer = await collection(tx, scope, written)
      await publish(tx, scope, ...events)
      return answer
    })
  }

  // ——— Shop for these days: the plan's recipes of a date range, each plan entry its own source ———

  /** One ingredient of one plan entry's recipe, as the share it would put on a list. */
  interface PlannedShare {
    entry: ShoppingListMealPlanSource
    meta: ShareMeta
    request: ShoppingRequest<IngredientUnit>
    food: IngredientFood | null
  }

  /**
   * The shares the plan's entries with a recipe between the dates would put on a list, read in the caller's executor:
   * each ingredient of each entry's recipe, at the entry's scale. Plan entries carry no servings of their own, so the
   * scale is 1 (the recipe as written).
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
      const scale = 1
      const mealplanId = planEntryRef(entry.id)
      const source: ShoppingListMealPlanSource = {
        planEntryId: entry.id,
        mealplanId,
        date: entry.date,
        entryType: entry.entryType,
        recipeId: recipe.id,
        recipeName: recipe.name ?? '',
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

  async function deleteItems(scope: Scope, ids: readonly string[]): Promise<SuccessResponse> {
    if (ids.length === 0) return { message: '', error: false }
    return inTransaction(db, async (tx) => {
      const rows = (await items.findByIds(tx, scope, ids)).filter((row) => !row.deleted)
      const opened = await openMany(
        tx,
        scope,
        rows.map((row) => row.listId),
      )
      const gone = new Set(ids)
      for (const state of opened.values()) {
        state.lines = state.lines.filter((line) => !gone.has(line.item!.id))
      }
      const { events } = await saveAll(tx, scope, opened)
      await publish(tx, scope, ...events)
      return { message: '', error: false }
    })
  }

  return {
    describeList,

    // ——— Lists ———

    pageLists(scope: Scope, query: ListQuery, path: string): Promise<Page<ShoppingListSummary>> {
      return lists.page(db, scope, query, {
        path,
        select: async (ids) => describeLists(db, scope, await lists.findByIds(db, scope, ids.map(String))),
      })
    },

    getList(scope: Scope, id: string): Promise<ShoppingListOut> {
      return describeList(db, scope, id)
    },

    createList(scope: Scope, input: ShoppingListCreateParsed): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.insert(tx, scope, {
          name: input.name ?? null,
          extras: input.extras,
          ...(input.createdAt ? { createdAt: new Date(input.createdAt) } : {}),
        })
        await lists.insertLabelSettings(tx, row.id, await labels.idsInNameOrder(tx, scope))
        const answer = await describeList(tx, scope, row.id)
        await publish(tx, scope, { type: 'shopping-list.created', document: { shoppingListId: row.id } })
        return answer
      })
    },

    updateList(scope: Scope, id: string, input: ShoppingListUpdateParsed): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        if (input.userId !== row.userId && !(await isHouseholdMember(tx, scope, input.userId))) {
          throw new ValidationFailure([
            { loc: ['body', 'userId'], msg: 'The owner must be a member of the household', type: 'value_error' },
          ])
        }
        await lists.update(tx, scope, id, { name: input.name ?? null, extras: input.extras, userId: input.userId })
        await lists.nextVersion(tx, id)
        const answer = await describeList(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.updated', document: { shoppingListId: id } })
        return answer
      })
    },

    deleteList(scope: Scope, id: string): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        const answer = await describeList(tx, scope, id)
        await lists.delete(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.deleted', document: { shoppingListId: id } })
        return answer
      })
    },

    async changes(scope: Scope, id: string, since: number): Promise<ShoppingListChanges> {
      // The version is read before the lines: a line written meanwhile comes again next time, none is missed.
      const list = await lists.findById(db, scope, id)
      if (!list) throw listMissing()
      const rows = await items.changedSince(db, id, since)
      // Read again after the lines: tombstones pruned while they were read are then known to be missing.
      const prunedThrough = (await lists.findById(db, scope, id))?.tombstonesPrunedThrough ?? Infinity
      if (since < prunedThrough) {
        // A deletion the client has not seen may be forgotten: the whole list instead, to replace what it holds.
        return {
          shoppingListId: id,
          version: list.version,
          reset: true,
          items: await describeItems(db, scope, await items.liveOfLists(db, [id])),
          deletedItemIds: [],
        }
      }
      return {
        shoppingListId: id,
        version: list.version,
        reset: false,
        items: await describeItems(
          db,
          scope,
          rows.filter((row) => !row.deleted),
        ),
        deletedItemIds: rows.filter((row) => row.deleted).map((row) => row.id),
      }
    },

    setLabelSettings(
      scope: Scope,
      id: string,
      settings: readonly ShoppingListMultiPurposeLabelUpdate[],
    ): Promise<ShoppingListOut> {
      for (const setting of settings) {
        if (setting.shoppingListId !== id) throw badRequest(`object ${setting.id} has an invalid shopping list id`)
      }
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        const known = new Set((await lists.labelSettingsOf(tx, [id])).map((setting) => setting.id))
        const issues = settings.flatMap((setting, index): Issue[] =>
          known.has(setting.id)
            ? []
            : [{ loc: ['body', index, 'id'], msg: 'No such label setting on this list', type: 'value_error' }],
        )
        if (issues.length > 0) throw new ValidationFailure(issues)
        await lists.setLabelPositions(tx, id, settings)
        await lists.nextVersion(tx, id)
        const answer = await describeList(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.updated', document: { shoppingListId: id } })
        return answer
      })
    },

    /**
     * Adds a recipe's ingredients (all, or those chosen) at a scale. Each ingredient is a share of the line of its
     * food and dimension; adding the recipe again raises its shares' scale instead of adding a second share.
     */
    addRecipe(
      scope: Scope,
      listId: string,
      recipeId: string,
      input: ShoppingListAddRecipeParsed,
    ): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const [recipe] = await loadRecipes(tx, scope, [recipeId])
        if (!recipe) throw notFound('Recipe not found')
        const state = await openLines(tx, scope, listId)
        const scale = input.recipeIncrementQuantity
        const chosen = input.recipeIngredients
          ? input.recipeIngredients
          : input.recipeIngredientReferences
            ? recipe.recipeIngredient.filter((ingredient) =>
                input.recipeIngredientReferences!.includes(ingredient.referenceId),
              )
            : recipe.recipeIngredient
        const foodIds = chosen.flatMap((ingredient) => (ingredient.food?.id ? [ingredient.food.id] : []))
        const unitIds = chosen.flatMap((ingredient) => (ingredient.unit?.id ? [ingredient.unit.id] : []))
        const { foodById, unitById } = await catalogueOf(tx, scope, foodIds, unitIds)
        for (const unit of unitById.values()) state.units.set(unit.id, unit)
        chosen.forEach((ingredient, index) => {
          const food = ingredient.food?.id ? (foodById.get(ingredient.food.id) ?? null) : null
          const unit = ingredient.unit?.id ? (unitById.get(ingredient.unit.id) ?? null) : null
          const note = ingredient.note ?? ''
          if (!food && !note.trim() && ingredient.quantity == null) return // a heading, nothing to buy
          const base = recipeSource(recipeId, input.mealplanId ?? null, ingredient.referenceId ?? String(index))
          // The same ingredient already on an unchecked line: its scale goes up. On a checked line: a new share.
          const open = state.lines.find((line) => !line.checked && line.shares.some((share) => share.source === base))
          let source = base
          let shareScale = scale
          if (open) shareScale = state.meta.get(base)!.recipeScale + scale
          else {
            for (let n = 2; state.meta.has(source); n += 1) source = `${base}#${n}`
          }
          const recipeQuantity = ingredient.quantity ?? 0
          state.meta.set(source, {
            recipeId,
            mealplanId: input.mealplanId ?? null,
            recipeQuantity,
            recipeScale: shareScale,
          })
          addShare(
            state,
            {
              source,
              quantity: ingredient.quantity == null ? null : recipeQuantity * shareScale,
              unit,
              food: food ? { id: food.id, name: food.name } : null,
              note,
              checked: false,
            },
            () => ({
              id: randomUUID(),
              position: state.nextPosition,
              labelId: food?.labelId ?? null,
              isFood: food != null,
              extras: {},
            }),
          )
        })
        const written = await saveLines(tx, state)
        await lists.addRecipeQuantity(tx, listId, recipeId, scale)
        const answer = await describeList(tx, scope, listId)
        await publish(tx, scope, ...itemEvents(listId, written))
        return answer
      })
    },

    /** Takes `recipeDecrementQuantity` scale units of a recipe's shares off the list; a line left empty goes. */
    removeRecipe(
      scope: Scope,
      listId: string,
      recipeId: string,
      input: { recipeDecrementQuantity: number; mealplanId?: string | null | undefined },
    ): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const state = await openLines(tx, scope, listId)
        const decrement = input.recipeDecrementQuantity
        const lines: Line[] = []
        for (const line of state.lines) {
          const shares = line.shares.flatMap((share) => {
            const meta = state.meta.get(share.source)
            if (!meta || meta.recipeId !== recipeId) return [share]
            if (input.mealplanId && meta.mealplanId !== input.mealplanId) return [share]
            const scale = meta.recipeScale - decrement
            if (scale <= 1e-9) return []
            state.meta.set(share.source, { ...meta, recipeScale: scale })
            return [{ ...share, quantity: share.quantity == null ? null : meta.recipeQuantity * scale }]
          })
          if (shares.length > 0)
            lines.push(
              shares.length === line.shares.length
                ? { ...line, shares }
                : { ...line, shares, note: line.food ? line.note : shares[0]!.note },
            )
        }
        state.lines = lines
        const written = await saveLines(tx, state)
        await lists.addRecipeQuantity(tx, listId, recipeId, -decrement)
        const answer = await describeList(tx, scope, listId)
        await publish(tx, scope, ...itemEvents(listId, written))
        return answer
      })
    },

    previewMealPlan,
    addMealPlan,

    /** New labels of the group go to the end of every list's label order (in the labels' transaction). */
    appendLabels(tx: Executor, scope: Scope, labelIds: readonly string[]): Promise<void> {
      return lists.appendLabelsToGroupLists(tx, scope.groupId, labelIds)
    },

    // ——— Items ———

    pageItems(scope: Scope, query: ListQuery, path: string): Promise<Page<ShoppingListItemOut>> {
      return items.page(db, scope, query, {
        path,
        select: async (ids) =>
          describeItems(
            db,
            scope,
            (await items.findByIds(db, scope, ids.map(String))).filter((row) => !row.deleted),
          ),
      })
    },

    async getItem(scope: Scope, id: string): Promise<ShoppingListItemOut> {
      const [row] = await items.findByIds(db, scope, [id])
      if (!row || row.deleted) throw itemMissing()
      return (await describeItems(db, scope, [row]))[0]!
    },

    createItems,
    updateItems,

    async updateItem(scope: Scope, id: string, body: ShoppingListItemUpdateParsed) {
      return updateItems(scope, [{ ...body, id }])
    },

    deleteItems,

    async deleteItem(scope: Scope, id: string): Promise<SuccessResponse> {
      const [row] = await items.findByIds(db, scope, [id])
      if (!row || row.deleted) throw itemMissing()
      return deleteItems(scope, [id])
    },
  }
}

export type ShoppingService = ReturnType<typeof createShoppingService>
