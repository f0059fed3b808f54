import { and, arrayContains, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import {
  cookbooks,
  categories,
  eventVersions,
  groups,
  notifierDeliveries,
  notifierOutboxCursors,
  notifiers,
  recipes,
  shoppingLists,
  tags,
  webhooks,
} from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { notifierListSpec } from './list-spec.js'

export type NotifierRow = typeof notifiers.$inferSelect
export type DeliveryRow = typeof notifierDeliveries.$inferSelect
export interface NotifierValues {
  name: string
  encryptedUrl: string
  maskedUrl: string
  enabled: boolean
  events: string[]
}

/** The caller's household's notifiers: the scope of every read and write the API makes. */
const inHousehold = (scope: Scope) =>
  and(eq(notifiers.groupId, scope.groupId), eq(notifiers.householdId, scope.householdId))!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope' | 'where'>

export const notifierRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, notifierListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<NotifierRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(notifiers)
      .where(and(inHousehold(scope), inArray(notifiers.id, [...ids])))
  },

  async find(ex: Executor, scope: Scope, id: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(notifiers)
      .where(and(inHousehold(scope), eq(notifiers.id, id)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  async insert(ex: Executor, scope: Scope, values: NotifierValues): Promise<NotifierRow> {
    const [row] = await ex
      .insert(notifiers)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: Partial<NotifierValues>): Promise<NotifierRow> {
    const [row] = await ex
      .update(notifiers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(notifiers.id, id)))
      .returning()
    return row!
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    const rows = await ex
      .delete(notifiers)
      .where(and(inHousehold(scope), eq(notifiers.id, id)))
      .returning({ id: notifiers.id })
    return rows.length > 0
  },

  async deliveries(ex: Executor, scope: Scope, notifierId: string, limit: number): Promise<DeliveryRow[]> {
    return ex
      .select()
      .from(notifierDeliveries)
      .where(
        and(
          eq(notifierDeliveries.groupId, scope.groupId),
          eq(notifierDeliveries.householdId, scope.householdId),
          eq(notifierDeliveries.notifierId, notifierId),
        ),
      )
      .orderBy(desc(notifierDeliveries.createdAt), desc(notifierDeliveries.attempt))
      .limit(limit)
  },
}

/** The delivery side's reads and writes: the jobs act for no caller, so they name the group (and household) instead. */
export const deliveryRepo = {
  /**
   * Starts the group's cursor at its current outbox version, unless it has one: events from the group's first
   * notifier on are delivered, none from before.
   */
  async startCursor(ex: Executor, groupId: string): Promise<void> {
    await ex.execute(sql`
      insert into ${notifierOutboxCursors} (group_id, version)
      values (${groupId}, coalesce((select version from ${eventVersions} where group_id = ${groupId}), 0))
      on conflict (group_id) do nothing`)
  },

  /** The group's cursor, locked for the transaction: a second instance waits here and then reads the moved one. */
  async lockCursor(ex: Executor, groupId: string): Promise<number | null> {
    const [row] = await ex
      .select({ version: notifierOutboxCursors.version })
      .from(notifierOutboxCursors)
      .where(eq(notifierOutboxCursors.groupId, groupId))
      .for('update')
    return row?.version ?? null
  },

  /** The group's cursor without a lock: whether a notified version is worth a transaction at all. */
  async cursorOf(ex: Executor, groupId: string): Promise<number | null> {
    const [row] = await ex
      .select({ version: notifierOutboxCursors.version })
      .from(notifierOutboxCursors)
      .where(eq(notifierOutboxCursors.groupId, groupId))
    return row?.version ?? null
  },

  async moveCursor(ex: Executor, groupId: string, version: number): Promise<void> {
    await ex
      .update(notifierOutboxCursors)
      .set({ version, updatedAt: new Date() })
      .where(eq(notifierOutboxCursors.groupId, groupId))
  },

  /** Groups whose outbox has events their cursor has not passed. */
  async groupsBehind(ex: Executor): Promise<string[]> {
    const rows = await ex
      .select({ groupId: notifierOutboxCursors.groupId })
      .from(notifierOutboxCursors)
      .innerJoin(eventVersions, eq(eventVersions.groupId, notifierOutboxCursors.groupId))
      .where(sql`${eventVersions.version} > ${notifierOutboxCursors.version}`)
    return rows.map((row) => row.groupId)
  },

  /** Enabled notifiers that hear `eventName`: of the household, or of every household of the group when null. */
  async listeners(ex: Executor, groupId: string, householdId: string | null, eventName: string) {
    return ex
      .select({ id: notifiers.id, householdId: notifiers.householdId })
      .from(notifiers)
      .where(
        and(
          eq(notifiers.groupId, groupId),
          eq(notifiers.enabled, true),
          arrayContains(notifiers.events, [eventName]),
          householdId ? eq(notifiers.householdId, householdId) : undefined,
        ),
      )
  },

  async notifier(ex: Executor, groupId: string, householdId: string, id: string): Promise<NotifierRow | null> {
    const [row] = await ex
      .select()
      .from(notifiers)
      .where(and(eq(notifiers.groupId, groupId), eq(notifiers.householdId, householdId), eq(notifiers.id, id)))
    return row ?? null
  },

  /** Records one attempt; an attempt recorded already (a job taken again after its instance died) stays as it was. */
  async record(ex: Executor, values: typeof notifierDeliveries.$inferInsert): Promise<void> {
    await ex.insert(notifierDeliveries).values(values).onConflictDoNothing()
  },

  async groupSlug(ex: Executor, groupId: string): Promise<string> {
    const [row] = await ex.select({ slug: groups.slug }).from(groups).where(eq(groups.id, groupId))
    return row?.slug ?? ''
  },

  /** The name of the row an event is about, while it exists (a deleted one is described by its slug). */
  async nameOf(
    ex: Executor,
    groupId: string,
    kind: 'recipe' | 'shoppingList' | 'cookbook' | 'tag' | 'category' | 'webhook',
    id: string,
  ): Promise<string | null> {
    const table = {
      recipe: recipes,
      shoppingList: shoppingLists,
      cookbook: cookbooks,
      tag: tags,
      category: categories,
      webhook: webhooks,
    }[kind]
    const [row] = await ex
      .select({ name: table.name })
      .from(table)
      .where(and(eq(table.id, id), eq(table.groupId, groupId)))
    return row?.name ?? null
  },
}
