import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { cookbooks, householdPreferences } from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { cookbookListSpec } from './list-spec.js'

export const cookbookSlugConstraint = 'cookbooks_group_slug_key'

export type CookbookRow = typeof cookbooks.$inferSelect
export interface CookbookValues {
  name: string
  slug: string
  description: string
  position: number
  public: boolean
  queryFilterString: string
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const keyMatches = (key: string): SQL => (uuidPattern.test(key) ? eq(cookbooks.id, key) : eq(cookbooks.slug, key))

/** The caller's household's cookbooks: the scope of every read and write of this area. */
const inHousehold = (scope: Scope) =>
  and(eq(cookbooks.groupId, scope.groupId), eq(cookbooks.householdId, scope.householdId))!

/** Public cookbooks of a group whose household is not private either (docs/security.md "Private groups and households"). */
const publicInGroup = (groupId: string) =>
  and(
    eq(cookbooks.groupId, groupId),
    eq(cookbooks.public, true),
    sql`exists (select 1 from ${householdPreferences} where ${householdPreferences.householdId} = ${cookbooks.householdId}
      and ${householdPreferences.privateHousehold} = false)`,
  )!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope' | 'where'>

export const cookbookRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, cookbookListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<CookbookRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(cookbooks)
      .where(and(inHousehold(scope), inArray(cookbooks.id, [...ids])))
  },

  /** By id or slug, in the caller's household; `forUpdate` locks it for the transaction. */
  async findByKey(ex: Executor, scope: Scope, key: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(cookbooks)
      .where(and(inHousehold(scope), keyMatches(key)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  async insert(ex: Executor, scope: Scope, values: CookbookValues): Promise<CookbookRow> {
    const [row] = await ex
      .insert(cookbooks)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: CookbookValues): Promise<CookbookRow> {
    const [row] = await ex
      .update(cookbooks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(cookbooks.id, id)))
      .returning()
    return row!
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<void> {
    await ex.delete(cookbooks).where(and(inHousehold(scope), eq(cookbooks.id, id)))
  },

  /** A group's public cookbooks for visitors (explore). */
  pagePublic<Item>(ex: Executor, groupId: string, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, cookbookListSpec, query, { ...options, scope: publicInGroup(groupId) })
  },

  async findPublicByIds(ex: Executor, groupId: string, ids: readonly string[]): Promise<CookbookRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(cookbooks)
      .where(and(publicInGroup(groupId), inArray(cookbooks.id, [...ids])))
  },

  async findPublicByKey(ex: Executor, groupId: string, key: string): Promise<CookbookRow | null> {
    const [row] = await ex
      .select()
      .from(cookbooks)
      .where(and(publicInGroup(groupId), keyMatches(key)))
      .limit(1)
    return row ?? null
  },
}
