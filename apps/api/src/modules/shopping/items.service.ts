import { randomUUID } from 'node:crypto'
import type {
  ShoppingListItemCreateParsed,
  ShoppingListItemOut,
  ShoppingListItemsCollectionOut,
  ShoppingListItemUpdateParsed,
  SuccessResponse,
} from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { badRequest, HttpError, notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { recipeSummaries } from '../recipes/index.js'
import type { ShoppingAnswers } from './answers.js'
import type { Catalogue, Issue } from './catalogue.js'
import { editLine, idOf, isFoodOf } from './item-edits.js'
import { addShare, ownSource, recipeSource, type LineItem } from './lines.js'
import type { ListLock } from './list-lock.js'
import { shoppingItemRepo as items } from './repo.js'
import { saveAll } from './save-lines.js'

const itemMissing = () => notFound('Shopping list item not found')
const gone = () => new HttpError(410, 'This item was deleted meanwhile')

/**
 * A list's lines as people type and tick them (Mealie's items endpoints). Every write locks the lists it touches,
 * merges the lines in memory through the kitchen package (lines.ts) and writes back what changed.
 */
export function createItemService(deps: {
  db: Database
  answers: ShoppingAnswers
  catalogue: Catalogue
  lock: ListLock
}) {
  const { db, answers, lock } = deps
  const { catalogueOf, checkLabels, learnLabels } = deps.catalogue
  const { describeItems, collection } = answers
  const { openMany } = lock

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
      const { written, events } = await saveAll(tx, opened)
      const answer = await collection(tx, scope, written)
      await publish(tx, scope, ...events)
      return answer
    })
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
      const { written, events } = await saveAll(tx, opened)
      const answer = await collection(tx, scope, written)
      await publish(tx, scope, ...events)
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
      const { events } = await saveAll(tx, opened)
      await publish(tx, scope, ...events)
      return { message: '', error: false }
    })
  }

  return {
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

export type ItemService = ReturnType<typeof createItemService>
