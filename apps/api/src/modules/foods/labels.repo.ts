import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { labels } from '../../db/schema/index.js'
import { paginate, type ListQuery, type ListSpec, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'

export type LabelRow = typeof labels.$inferSelect
type ListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

const inGroup = (scope: Scope) => eq(labels.groupId, scope.groupId)

/** Labels of the scope's group; another group's label is simply not found. Names are unique per group by an index. */
export const labelRepo = {
  async findById(ex: Executor, scope: Scope, id: string): Promise<LabelRow | null> {
    const [row] = await ex
      .select()
      .from(labels)
      .where(and(inGroup(scope), eq(labels.id, id)))
    return row ?? null
  },

  /**
   * Whether the group has this label, holding it until the transaction ends so that a food taking it cannot race its
   * deletion (FOR KEY SHARE).
   */
  async lockForUse(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    const rows = await ex
      .select({ id: labels.id })
      .from(labels)
      .where(and(inGroup(scope), eq(labels.id, id)))
      .for('key share')
    return rows.length > 0
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<LabelRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(labels)
      .where(and(inGroup(scope), inArray(labels.id, [...ids])))
  },

  page<Item>(ex: Executor, scope: Scope, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
    return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
  },

  async insert(ex: Executor, scope: Scope, values: { name: string; color: string }): Promise<LabelRow> {
    const [row] = await ex
      .insert(labels)
      .values({ groupId: scope.groupId, ...values })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: { name: string; color: string }) {
    const [row] = await ex
      .update(labels)
      .set(values)
      .where(and(inGroup(scope), eq(labels.id, id)))
      .returning()
    return row ?? null
  },

  /** Deletes a label; foods that had it lose it (ON DELETE SET NULL). */
  async remove(ex: Executor, scope: Scope, id: string): Promise<LabelRow | null> {
    const [row] = await ex
      .delete(labels)
      .where(and(inGroup(scope), eq(labels.id, id)))
      .returning()
    return row ?? null
  },

  /** Adds the labels whose names the group lacks; names it has are left as they are, even under parallel seeding. */
  async insertMissing(
    ex: Executor,
    scope: Scope,
    entries: readonly { name: string; color: string }[],
  ): Promise<string[]> {
    if (entries.length === 0) return []
    const rows = await ex
      .insert(labels)
      .values(entries.map((entry) => ({ groupId: scope.groupId, name: entry.name, color: entry.color })))
      .onConflictDoNothing({ target: [labels.groupId, labels.name] })
      .returning({ id: labels.id })
    return rows.map((row) => row.id)
  },

  /** The group's labels in name order (a new list's label order). */
  async idsInNameOrder(ex: Executor, scope: Scope): Promise<string[]> {
    const rows = await ex
      .select({ id: labels.id })
      .from(labels)
      .where(inGroup(scope))
      .orderBy(asc(labels.name), asc(labels.id))
    return rows.map((row) => row.id)
  },
}

export type LabelRepo = typeof labelRepo
