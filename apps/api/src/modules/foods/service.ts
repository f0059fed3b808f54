import type { BodyOf, createFood, IngredientFood, MultiPurposeLabel, SuccessResponse } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { badRequest, notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { applyOnHandChange, onHandAnswer, type OnHandRepo } from '../organizers/index.js'
import { refreshRecipeSearch } from '../recipes/index.js'
import type { LabelRepo, LabelRow } from './labels.repo.js'
import { foodListSpec } from './list-spec.js'
import type { FoodRepo, FoodRow, FoodValues } from './repo.js'

export type FoodInput = BodyOf<typeof createFood>

export const toLabel = (row: LabelRow): MultiPurposeLabel => ({
  id: row.id,
  name: row.name,
  color: row.color,
  groupId: row.groupId,
})

/** Alias names as given, each once. */
const uniqueNames = (aliases: readonly { name: string }[]) => [...new Set(aliases.map((alias) => alias.name))]

/**
 * Foods (docs/mealie-compatibility.md "Foods, units and labels"): group-wide, with aliases, an optional label of the group and per-household on-hand.
 * Writes are guarded by canOrganize in their contracts; names are unique per group by an index (409).
 */
export function createFoodService(deps: { db: Database; foods: FoodRepo; labels: LabelRepo; onHand: OnHandRepo }) {
  const { db, foods, labels, onHand } = deps
  const missing = () => notFound('Food not found')
  const announce = (
    tx: Executor,
    scope: Scope,
    change: 'created' | 'updated' | 'deleted',
    foodId: string,
    mergedIntoId?: string,
  ) => publish(tx, scope, { type: `food.${change}`, document: mergedIntoId ? { foodId, mergedIntoId } : { foodId } })

  async function answersFor(ex: Executor, scope: Scope, rows: readonly FoodRow[]): Promise<IngredientFood[]> {
    const ids = rows.map((row) => row.id)
    const labelIds = [...new Set(rows.flatMap((row) => (row.labelId ? [row.labelId] : [])))]
    const [aliases, holders, labelRows] = await Promise.all([
      foods.aliasesOf(ex, ids),
      onHand.householdsOf(ex, scope, ids),
      labels.findByIds(ex, scope, labelIds),
    ])
    const labelsById = new Map(labelRows.map((row) => [row.id, toLabel(row)]))
    return rows.map((row) => {
      const { onHand: held, slugs } = onHandAnswer(holders.get(row.id), scope)
      return {
        id: row.id,
        name: row.name,
        pluralName: row.pluralName,
        description: row.description,
        extras: row.extras,
        onHand: held,
        householdsWithIngredientFood: slugs,
        labelId: row.labelId,
        label: (row.labelId && labelsById.get(row.labelId)) || null,
        aliases: (aliases.get(row.id) ?? []).map((name) => ({ name })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }
    })
  }

  /** The row values of a body; a label must be one of the group's, held until the transaction ends. */
  async function valuesOf(ex: Executor, scope: Scope, input: FoodInput): Promise<FoodValues> {
    const labelId = input.labelId ?? null
    if (labelId && !(await labels.lockForUse(ex, scope, labelId))) {
      throw new ValidationFailure([
        { loc: ['body', 'labelId'], msg: 'No such label in this group', type: 'value_error' },
      ])
    }
    return {
      name: input.name,
      pluralName: input.pluralName || null,
      description: input.description,
      extras: input.extras,
      labelId,
    }
  }

  async function write(ex: Executor, scope: Scope, row: FoodRow, input: FoodInput): Promise<IngredientFood> {
    await foods.replaceAliases(ex, row.id, uniqueNames(input.aliases))
    await applyOnHandChange(ex, onHand, scope, row.id, {
      onHand: input.onHand,
      householdSlugs: input.householdsWithIngredientFood,
    })
    return (await answersFor(ex, scope, [row]))[0]!
  }

  return {
    /** The group's foods of `ids` as answers, read through `ex` (another area's transaction). */
    async answersByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<IngredientFood[]> {
      return answersFor(ex, scope, await foods.findByIds(ex, scope, ids))
    },

    /** A food learns its label from the first line that sets one; a food with a label keeps it. */
    learnLabel(ex: Executor, scope: Scope, foodId: string, labelId: string): Promise<boolean> {
      return foods.setLabelIfUnset(ex, scope, foodId, labelId)
    },

    page(scope: Scope, query: ListQuery, path: string): Promise<Page<IngredientFood>> {
      return foods.page(db, scope, foodListSpec(scope), query, {
        path,
        select: async (ids) => answersFor(db, scope, await foods.findByIds(db, scope, ids.map(String))),
      })
    },

    async get(scope: Scope, id: string): Promise<IngredientFood> {
      const row = await foods.findById(db, scope, id)
      if (!row) throw missing()
      return (await answersFor(db, scope, [row]))[0]!
    },

    create(scope: Scope, input: FoodInput): Promise<IngredientFood> {
      return inTransaction(db, async (tx) => {
        const row = await foods.insert(tx, scope, await valuesOf(tx, scope, input))
        const answer = await write(tx, scope, row, input)
        await announce(tx, scope, 'created', row.id)
        return answer
      })
    },

    /** A full replace (Mealie's PUT): omitted fields return to their defaults, the aliases are the body's. */
    replace(scope: Scope, id: string, input: FoodInput): Promise<IngredientFood> {
      return inTransaction(db, async (tx) => {
        const recipeIds = await foods.lockRecipesUsing(tx, scope, id)
        const before = await foods.findById(tx, scope, id, 'update')
        if (!before) throw missing()
        const row = (await foods.update(tx, scope, id, await valuesOf(tx, scope, input)))!
        // Recipes' search documents hold their foods' names; an on-hand toggle of "salt" rewrites none of them.
        if (row.name !== before.name || row.pluralName !== before.pluralName) {
          await refreshRecipeSearch(tx, scope, recipeIds)
        }
        const answer = await write(tx, scope, row, input)
        await announce(tx, scope, 'updated', row.id)
        return answer
      })
    },

    remove(scope: Scope, id: string): Promise<IngredientFood> {
      return inTransaction(db, async (tx) => {
        const recipeIds = await foods.lockRecipesUsing(tx, scope, id)
        const row = await foods.findById(tx, scope, id, 'update')
        if (!row) throw missing()
        const [answer] = await answersFor(tx, scope, [row])
        await foods.remove(tx, scope, id)
        await refreshRecipeSearch(tx, scope, recipeIds)
        await announce(tx, scope, 'deleted', id)
        return answer!
      })
    },

    /**
     * Every ingredient of the group's recipes that used `fromId` uses `toId`, then `fromId` is deleted with its aliases
     * (not carried over, as in Mealie), all in one transaction. Both foods must be the group's.
     */
    async merge(scope: Scope, fromId: string, toId: string): Promise<SuccessResponse> {
      if (fromId === toId) throw badRequest('A food cannot be merged into itself')
      await inTransaction(db, async (tx) => {
        const recipeIds = await foods.lockRecipesUsing(tx, scope, fromId)
        // Locked in id order, so two merges of the same pair in opposite directions wait rather than deadlock.
        const [first, second] = [fromId, toId].sort()
        const rows = [
          await foods.findById(tx, scope, first!, 'update'),
          await foods.findById(tx, scope, second!, 'update'),
        ]
        if (rows.some((row) => !row)) throw missing()
        await foods.repointIngredients(tx, scope, fromId, toId)
        await foods.remove(tx, scope, fromId)
        await refreshRecipeSearch(tx, scope, recipeIds)
        await announce(tx, scope, 'deleted', fromId, toId)
      })
      return { message: 'Successfully merged foods', error: false }
    },
  }
}

export type FoodService = ReturnType<typeof createFoodService>
