import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groups, householdPreferences, mealPlanEntries, recipes } from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { mealPlanEntryListSpec } from './list-spec.js'

export type EntryRow = typeof mealPlanEntries.$inferSelect
export interface EntryValues {
  date: string
  entryType: string
  title: string
  text: string
  recipeId: string | null
  locked: boolean
  /** Left out: none (the recipe's own servings). */
  servings?: number | null
}

/** The caller's household's entries: the scope of every read and write of this area. */
const inHousehold = (scope: Scope) =>
  and(eq(mealPlanEntries.groupId, scope.groupId), eq(mealPlanEntries.householdId, scope.householdId))!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope'>

/** A recipe of the group, as the planner names it in events and links. */
export interface PlannedRecipe {
  id: string
  name: string
  slug: string
  description: string
}

export const entryRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, mealPlanEntryListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  /** The `start_date`/`end_date` condition of the list, both inclusive. */
  dateRange(start: string | undefined, end: string | undefined): SQL | undefined {
    return and(start ? gte(mealPlanEntries.date, start) : undefined, end ? lte(mealPlanEntries.date, end) : undefined)
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly number[]): Promise<EntryRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(mealPlanEntries)
      .where(and(inHousehold(scope), inArray(mealPlanEntries.id, [...ids])))
  },

  async findById(ex: Executor, scope: Scope, id: number, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(mealPlanEntries)
      .where(and(inHousehold(scope), eq(mealPlanEntries.id, id)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  /** The household's entries between two dates (inclusive), by date. */
  async between(ex: Executor, scope: Scope, start: string, end: string): Promise<EntryRow[]> {
    return ex
      .select()
      .from(mealPlanEntries)
      .where(and(inHousehold(scope), gte(mealPlanEntries.date, start), lte(mealPlanEntries.date, end)))
      .orderBy(asc(mealPlanEntries.date), asc(mealPlanEntries.id))
  },

  async insert(ex: Executor, scope: Scope, values: EntryValues): Promise<EntryRow> {
    const [row] = await ex
      .insert(mealPlanEntries)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId, userId: scope.userId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: number, values: EntryValues): Promise<EntryRow> {
    const [row] = await ex
      .update(mealPlanEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(mealPlanEntries.id, id)))
      .returning()
    return row!
  },

  async delete(ex: Executor, scope: Scope, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return
    await ex.delete(mealPlanEntries).where(and(inHousehold(scope), inArray(mealPlanEntries.id, [...ids])))
  },

  /** The group's recipes of these ids, by name and slug (events, calendar links, checks of a recipeId). */
  async recipes(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, PlannedRecipe>> {
    const wanted = [...new Set(ids)]
    if (wanted.length === 0) return new Map()
    const rows = await ex
      .select({ id: recipes.id, name: recipes.name, slug: recipes.slug, description: recipes.description })
      .from(recipes)
      .where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, wanted)))
    return new Map(rows.map((row) => [row.id, row]))
  },

  /** The group's slug (recipe addresses) and the household's first day of the week (0 = Sunday). */
  async householdFacts(ex: Executor, scope: Scope): Promise<{ groupSlug: string; firstDayOfWeek: number }> {
    const [row] = await ex
      .select({ groupSlug: groups.slug, firstDayOfWeek: householdPreferences.firstDayOfWeek })
      .from(groups)
      .leftJoin(householdPreferences, eq(householdPreferences.householdId, scope.householdId))
      .where(eq(groups.id, scope.groupId))
    return { groupSlug: row?.groupSlug ?? '', firstDayOfWeek: row?.firstDayOfWeek ?? 0 }
  },

  /**
   * Holds the household's planner until the transaction ends, so that parallel fills and random picks of one
   * household take turns (each sees the entries the other planned).
   */
  async lockPlanner(tx: Executor, scope: Scope): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mealplans:${scope.householdId}`}, 0))`)
  },
}
