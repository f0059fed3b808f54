import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { mealPlanRules, recipes } from '../../db/schema/index.js'
import {
  paginate,
  queryFilterSql,
  type ListQuery,
  type Page,
  type PaginateOptions,
} from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { recipeListSpec } from '../recipes/index.js'
import { mealPlanRuleListSpec } from './list-spec.js'

export type RuleRow = typeof mealPlanRules.$inferSelect
export interface RuleValues {
  name: string
  days: string[]
  entryTypes: string[]
  queryFilterString: string
  atMostPerWeek: number | null
  atLeastPerWeek: number | null
}

const inHousehold = (scope: Scope) =>
  and(eq(mealPlanRules.groupId, scope.groupId), eq(mealPlanRules.householdId, scope.householdId))!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope'>

export const ruleRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, mealPlanRuleListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<RuleRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(mealPlanRules)
      .where(and(inHousehold(scope), inArray(mealPlanRules.id, [...ids])))
  },

  async findById(ex: Executor, scope: Scope, id: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(mealPlanRules)
      .where(and(inHousehold(scope), eq(mealPlanRules.id, id)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  /** Every rule of the household, oldest first. */
  async all(ex: Executor, scope: Scope): Promise<RuleRow[]> {
    return ex.select().from(mealPlanRules).where(inHousehold(scope)).orderBy(asc(mealPlanRules.createdAt))
  },

  async insert(ex: Executor, scope: Scope, values: RuleValues): Promise<RuleRow> {
    const [row] = await ex
      .insert(mealPlanRules)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: RuleValues): Promise<RuleRow> {
    const [row] = await ex
      .update(mealPlanRules)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(mealPlanRules.id, id)))
      .returning()
    return row!
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<void> {
    await ex.delete(mealPlanRules).where(and(inHousehold(scope), eq(mealPlanRules.id, id)))
  },

  /**
   * The ids of the group's recipes a recipe queryFilter selects (all of them for an empty filter), as the recipe list
   * reads the filter. Mealie picks from every household of the group; `household_id IN […]` narrows it.
   */
  async matchingRecipeIds(ex: Executor, scope: Scope, filter: string): Promise<string[]> {
    const condition: SQL | undefined = filter.trim() ? queryFilterSql(recipeListSpec, filter) : undefined
    const rows = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(and(eq(recipes.groupId, scope.groupId), condition))
    return rows.map((row) => row.id)
  },
}
