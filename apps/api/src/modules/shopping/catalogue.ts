import type { Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import type { FoodService, LabelService, UnitService } from '../foods/index.js'

export type Location = (string | number)[]

/** One entry of a 422's `detail` (docs/api.md "Errors"). */
export interface Issue {
  loc: Location
  msg: string
  type: string
}

/** The group's foods, units and labels as lines and recipes name them, through the foods area's entry. */
export function createCatalogue(deps: { foods: FoodService; units: UnitService; labels: LabelService }) {
  const { foods, units, labels } = deps

  /** The foods and units of these ids that are the group's; a caller answers 422 at the field for those missing. */
  async function catalogueOf(ex: Executor, scope: Scope, foodIds: string[], unitIds: string[]) {
    const foodById = new Map((await foods.answersByIds(ex, scope, [...new Set(foodIds)])).map((f) => [f.id, f]))
    const unitById = new Map((await units.answersByIds(ex, scope, [...new Set(unitIds)])).map((u) => [u.id, u]))
    return { foodById, unitById }
  }

  /** An issue at each wanted label that is not the group's. */
  async function checkLabels(tx: Executor, scope: Scope, wanted: { id: string; loc: Location }[]) {
    const found = new Set(
      (await labels.answersByIds(tx, scope, [...new Set(wanted.map((entry) => entry.id))])).map((l) => l.id),
    )
    return wanted
      .filter((entry) => !found.has(entry.id))
      .map((entry): Issue => ({ loc: entry.loc, msg: 'No such label in this group', type: 'value_error' }))
  }

  /** A food named on a line with a label learns that label when it has none (the first line that sets one). */
  async function learnLabels(tx: Executor, scope: Scope, pairs: { foodId: string | null; labelId: string | null }[]) {
    for (const { foodId, labelId } of pairs) if (foodId && labelId) await foods.learnLabel(tx, scope, foodId, labelId)
  }

  return { catalogueOf, checkLabels, learnLabels }
}

export type Catalogue = ReturnType<typeof createCatalogue>
