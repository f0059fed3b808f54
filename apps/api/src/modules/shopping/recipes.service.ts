import { randomUUID } from 'node:crypto'
import type { ShoppingListAddRecipeParsed, ShoppingListOut } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import { loadRecipes } from '../recipes/index.js'
import type { ShoppingAnswers } from './answers.js'
import type { Catalogue } from './catalogue.js'
import { addShare, recipeSource, type Line } from './lines.js'
import type { ListLock } from './list-lock.js'
import { shoppingListRepo as lists } from './repo.js'
import { itemEvents, saveLines } from './save-lines.js'

/**
 * A recipe's ingredients on a list and off it again (Mealie's `/recipe/{recipeId}` and `/recipe/{recipeId}/delete`).
 * Each ingredient is a share of a line that records the recipe and its scale, so that taking the recipe off takes
 * exactly its part of each line.
 */
export function createListRecipeService(deps: {
  db: Database
  answers: ShoppingAnswers
  catalogue: Catalogue
  lock: ListLock
}) {
  const { db } = deps
  const { describeList } = deps.answers
  const { catalogueOf } = deps.catalogue
  const { openLines } = deps.lock

  return {
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
  }
}

export type ListRecipeService = ReturnType<typeof createListRecipeService>
