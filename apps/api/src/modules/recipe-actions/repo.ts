import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeActions } from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { recipeActionListSpec } from './list-spec.js'

export type RecipeActionRow = typeof recipeActions.$inferSelect
export type RecipeActionValues = Pick<RecipeActionRow, 'actionType' | 'title' | 'url'>

const inHousehold = (scope: Scope) =>
  and(eq(recipeActions.groupId, scope.groupId), eq(recipeActions.householdId, scope.householdId))!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope' | 'where'>

export const recipeActionRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, recipeActionListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<RecipeActionRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(recipeActions)
      .where(and(inHousehold(scope), inArray(recipeActions.id, [...ids])))
  },

  async findById(ex: Executor, scope: Scope, id: string): Promise<RecipeActionRow | null> {
    const [row] = await ex
      .select()
      .from(recipeActions)
      .where(and(inHousehold(scope), eq(recipeActions.id, id)))
      .limit(1)
    return row ?? null
  },

  async insert(ex: Executor, scope: Scope, values: RecipeActionValues): Promise<RecipeActionRow> {
    const [row] = await ex
      .insert(recipeActions)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: RecipeActionValues): Promise<RecipeActionRow | null> {
    const [row] = await ex
      .update(recipeActions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(recipeActions.id, id)))
      .returning()
    return row ?? null
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<RecipeActionRow | null> {
    const [row] = await ex
      .delete(recipeActions)
      .where(and(inHousehold(scope), eq(recipeActions.id, id)))
      .returning()
    return row ?? null
  },
}
