import { and, asc, eq, gt, inArray, isNotNull, lt, max, ne, not, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import {
  shoppingListItems,
  shoppingListItemShares,
  shoppingListLabels,
  shoppingListPresence,
  shoppingListRecipes,
  shoppingLists,
  shoppingStores,
  users,
} from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { shoppingItemSpec, shoppingListSpec, shoppingStoreSpec } from './list-spec.js'

export type ListRow = typeof shoppingLists.$inferSelect
export type ItemRow = typeof shoppingListItems.$inferSelect
export type ShareRow = typeof shoppingListItemShares.$inferSelect
export type StoreRow = typeof shoppingStores.$inferSelect
export type ItemValues = Omit<ItemRow, 'createdAt' | 'updatedAt' | 'deleted'>
export type ShareValues = Omit<ShareRow, 'id' | 'itemId'>

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope' | 'where'>

/** The caller's household's rows: the scope of every read and write of this area. */
const listsOf = (scope: Scope) =>
  and(eq(shoppingLists.groupId, scope.groupId), eq(shoppingLists.householdId, scope.householdId))!
const itemsOf = (scope: Scope) =>
  and(eq(shoppingListItems.groupId, scope.groupId), eq(shoppingListItems.householdId, scope.householdId))!
const storesOf = (scope: Scope) =>
  and(eq(shoppingStores.groupId, scope.groupId), eq(shoppingStores.householdId, scope.householdId))!

export const shoppingListRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, shoppingListSpec, query, { ...options, scope: listsOf(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ListRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(shoppingLists)
      .where(and(listsOf(scope), inArray(shoppingLists.id, [...ids])))
  },

  /** The list, locked until the transaction ends when `forUpdate`: every write to a list or its lines takes it first. */
  async findById(ex: Executor, scope: Scope, id: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(shoppingLists)
      .where(and(listsOf(scope), eq(shoppingLists.id, id)))
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  async insert(
    ex: Executor,
    scope: Scope,
    values: { id?: string; name: string | null; extras: Record<string, string>; createdAt?: Date; updatedAt?: Date },
  ): Promise<ListRow | null> {
    // An id given by the client that exists already (in any household) inserts nothing: null, never a 500.
    const [row] = await ex
      .insert(shoppingLists)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId, userId: scope.userId })
      .onConflictDoNothing({ target: shoppingLists.id })
      .returning()
    return row ?? null
  },

  async update(
    ex: Executor,
    scope: Scope,
    id: string,
    values: { name: string | null; extras: Record<string, string>; userId: string },
  ): Promise<void> {
    await ex
      .update(shoppingLists)
      .set(values)
      .where(and(listsOf(scope), eq(shoppingLists.id, id)))
  },

  /** The list's next version, taken by one write (the list is locked by then). */
  async nextVersion(ex: Executor, id: string): Promise<number> {
    const [row] = await ex
      .update(shoppingLists)
      .set({ version: sql`${shoppingLists.version} + 1`, updatedAt: new Date() })
      .where(eq(shoppingLists.id, id))
      .returning({ version: shoppingLists.version })
    return row!.version
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<void> {
    await ex.delete(shoppingLists).where(and(listsOf(scope), eq(shoppingLists.id, id)))
  },

  async recipeRefsOf(ex: Executor, listIds: readonly string[]) {
    if (listIds.length === 0) return []
    return ex
      .select()
      .from(shoppingListRecipes)
      .where(inArray(shoppingListRecipes.listId, [...listIds]))
      .orderBy(asc(shoppingListRecipes.id))
  },

  /** Adds `delta` scale units of a recipe to the list's count of it; the count goes at zero or below. */
  async addRecipeQuantity(ex: Executor, listId: string, recipeId: string, delta: number): Promise<void> {
    const [row] = await ex
      .insert(shoppingListRecipes)
      .values({ listId, recipeId, recipeQuantity: delta })
      .onConflictDoUpdate({
        target: [shoppingListRecipes.listId, shoppingListRecipes.recipeId],
        set: { recipeQuantity: sql`${shoppingListRecipes.recipeQuantity} + ${delta}` },
      })
      .returning()
    if (row && row.recipeQuantity <= 1e-9)
      await ex.delete(shoppingListRecipes).where(eq(shoppingListRecipes.id, row.id))
  },

  /** Drops the list's counts of recipes no line has a share of any more. */
  async dropUnusedRecipes(ex: Executor, listId: string): Promise<void> {
    await ex.delete(shoppingListRecipes).where(
      and(
        eq(shoppingListRecipes.listId, listId),
        sql`not exists (select 1 from ${shoppingListItemShares} join ${shoppingListItems}
          on ${shoppingListItems.id} = ${shoppingListItemShares.itemId}
          where ${shoppingListItems.listId} = ${listId} and not ${shoppingListItems.deleted}
          and ${shoppingListItemShares.recipeId} = ${shoppingListRecipes.recipeId})`,
      ),
    )
  },

  async labelSettingsOf(ex: Executor, listIds: readonly string[]) {
    if (listIds.length === 0) return []
    return ex
      .select()
      .from(shoppingListLabels)
      .where(inArray(shoppingListLabels.listId, [...listIds]))
      .orderBy(asc(shoppingListLabels.position), asc(shoppingListLabels.id))
  },

  async insertLabelSettings(ex: Executor, listId: string, labelIds: readonly string[]): Promise<void> {
    if (labelIds.length === 0) return
    await ex
      .insert(shoppingListLabels)
      .values(labelIds.map((labelId, position) => ({ listId, labelId, position })))
      .onConflictDoNothing()
  },

  async setLabelPositions(ex: Executor, listId: string, positions: readonly { id: string; position: number }[]) {
    for (const { id, position } of positions) {
      await ex
        .update(shoppingListLabels)
        .set({ position })
        .where(and(eq(shoppingListLabels.listId, listId), eq(shoppingListLabels.id, id)))
    }
  },

  /** Appends labels to the order of every list of the group, after the labels each has. */
  async appendLabelsToGroupLists(ex: Executor, groupId: string, labelIds: readonly string[]): Promise<void> {
    if (labelIds.length === 0) return
    await ex.execute(sql`insert into ${shoppingListLabels} (list_id, label_id, position)
      select l.id, x.label_id,
        (select count(*) from ${shoppingListLabels} s where s.list_id = l.id)::int + x.ord::int - 1
      from ${shoppingLists} l cross join unnest(${`{${labelIds.join(',')}}`}::uuid[]) with ordinality as x(label_id, ord)
      where l.group_id = ${groupId}
      on conflict do nothing`)
  },
}

export const shoppingItemRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, shoppingItemSpec, query, {
      ...options,
      scope: and(itemsOf(scope), not(shoppingListItems.deleted))!,
    })
  },

  /** Lines by id, tombstones included (an update of a deleted line answers 410). */
  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ItemRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(shoppingListItems)
      .where(and(itemsOf(scope), inArray(shoppingListItems.id, [...ids])))
  },

  async liveOfLists(ex: Executor, listIds: readonly string[]): Promise<ItemRow[]> {
    if (listIds.length === 0) return []
    return ex
      .select()
      .from(shoppingListItems)
      .where(and(inArray(shoppingListItems.listId, [...listIds]), not(shoppingListItems.deleted)))
      .orderBy(asc(shoppingListItems.position), asc(shoppingListItems.createdAt), asc(shoppingListItems.id))
  },

  /** Lines changed (or deleted) after version `since`. */
  async changedSince(ex: Executor, listId: string, since: number): Promise<ItemRow[]> {
    return ex
      .select()
      .from(shoppingListItems)
      .where(and(eq(shoppingListItems.listId, listId), gt(shoppingListItems.version, since)))
      .orderBy(asc(shoppingListItems.position), asc(shoppingListItems.id))
  },

  async sharesOf(ex: Executor, itemIds: readonly string[]): Promise<ShareRow[]> {
    if (itemIds.length === 0) return []
    return ex
      .select()
      .from(shoppingListItemShares)
      .where(inArray(shoppingListItemShares.itemId, [...itemIds]))
      .orderBy(asc(shoppingListItemShares.itemId), asc(shoppingListItemShares.id))
  },

  async nextPosition(ex: Executor, listId: string): Promise<number> {
    const [row] = await ex
      .select({ last: max(shoppingListItems.position) })
      .from(shoppingListItems)
      .where(and(eq(shoppingListItems.listId, listId), not(shoppingListItems.deleted)))
    return row?.last == null ? 0 : row.last + 1
  },

  /** Whether a line of this id exists anywhere (another household's included): a client-chosen id must be free. */
  async idsTaken(ex: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const rows = await ex
      .select({ id: shoppingListItems.id })
      .from(shoppingListItems)
      .where(inArray(shoppingListItems.id, [...ids]))
    return new Set(rows.map((row) => row.id))
  },

  async insert(ex: Executor, values: ItemValues): Promise<void> {
    await ex.insert(shoppingListItems).values(values)
  },

  async update(ex: Executor, values: ItemValues): Promise<void> {
    const { id, ...rest } = values
    await ex
      .update(shoppingListItems)
      .set({ ...rest, updatedAt: new Date() })
      .where(eq(shoppingListItems.id, id))
  },

  /** Deletes lines, keeping each as a tombstone with the version of its deletion. */
  async tombstone(ex: Executor, ids: readonly string[], version: number): Promise<void> {
    if (ids.length === 0) return
    await ex.delete(shoppingListItemShares).where(inArray(shoppingListItemShares.itemId, [...ids]))
    await ex
      .update(shoppingListItems)
      .set({ deleted: true, version, updatedAt: new Date() })
      .where(inArray(shoppingListItems.id, [...ids]))
  },

  async replaceShares(ex: Executor, itemId: string, shares: readonly ShareValues[]): Promise<void> {
    await ex.delete(shoppingListItemShares).where(eq(shoppingListItemShares.itemId, itemId))
    if (shares.length === 0) return
    await ex.insert(shoppingListItemShares).values(shares.map((share) => ({ ...share, itemId })))
  },

  /**
   * Removes the tombstones of lines deleted before `before`, in batches, and raises each list's
   * `tombstonesPrunedThrough` to the newest version removed in the same statement. Writers never touch tombstones,
   * so this waits for a list's lock only on the list row, as its writers do: no deadlock.
   */
  async pruneTombstonesBefore(ex: Executor, before: Date, batchSize = 5000): Promise<number> {
    let removed = 0
    for (;;) {
      const rows = await ex.execute<{ lines: number }>(sql`
        with gone as (
          delete from shopping_list_items where id in (
            select id from shopping_list_items where deleted and updated_at < ${before.toISOString()} limit ${batchSize})
          returning list_id, version),
        newest as (select list_id, max(version) as version, count(*)::int as lines from gone group by list_id),
        raised as (
          update shopping_lists set tombstones_pruned_through = greatest(tombstones_pruned_through, newest.version)
          from newest where shopping_lists.id = newest.list_id
          returning 1)
        select coalesce(sum(lines), 0)::int as lines from newest`)
      const lines = rows[0]?.lines ?? 0
      removed += lines
      if (lines < batchSize) return removed
    }
  },

  /** The list ids of lines, tombstones included, in the caller's household. */
  async listIdsOf(ex: Executor, scope: Scope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectDistinct({ listId: shoppingListItems.listId })
      .from(shoppingListItems)
      .where(and(itemsOf(scope), inArray(shoppingListItems.id, [...ids]), isNotNull(shoppingListItems.listId)))
    return rows.map((row) => row.listId)
  },
}

export const shoppingStoreRepo = {
  page<Item>(ex: Executor, scope: Scope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, shoppingStoreSpec, query, { ...options, scope: storesOf(scope) })
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<StoreRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(shoppingStores)
      .where(and(storesOf(scope), inArray(shoppingStores.id, [...ids])))
  },

  async insert(ex: Executor, scope: Scope, values: { name: string; labelOrder: string[] }): Promise<StoreRow> {
    const [row] = await ex
      .insert(shoppingStores)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: { name: string; labelOrder: string[] }) {
    const [row] = await ex
      .update(shoppingStores)
      .set(values)
      .where(and(storesOf(scope), eq(shoppingStores.id, id)))
      .returning()
    return row ?? null
  },

  async delete(ex: Executor, scope: Scope, id: string): Promise<StoreRow | null> {
    const [row] = await ex
      .delete(shoppingStores)
      .where(and(storesOf(scope), eq(shoppingStores.id, id)))
      .returning()
    return row ?? null
  },
}

export const shoppingStoreNameConstraint = 'shopping_stores_household_name_key'

/** Whether a user belongs to the caller's household (a list's new owner must). */
export async function isHouseholdMember(ex: Executor, scope: Scope, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.groupId, scope.groupId), eq(users.householdId, scope.householdId)))
    .limit(1)
  return Boolean(row)
}

/** Who has a list open (`shopping_list_presence`); the list is the caller's household's, checked before. */
export const shoppingPresenceRepo = {
  /** The caller is here now: one upsert, the clock the database's (instances' clocks may differ). */
  async seen(ex: Executor, listId: string, userId: string): Promise<void> {
    await ex
      .insert(shoppingListPresence)
      .values({ listId, userId, lastSeen: sql`now()` })
      .onConflictDoUpdate({
        target: [shoppingListPresence.listId, shoppingListPresence.userId],
        set: { lastSeen: sql`now()` },
      })
  },

  /** The caller has left: answers whether they were here (a second goodbye, from another of their pages, is none). */
  async left(ex: Executor, listId: string, userId: string): Promise<boolean> {
    const rows = await ex
      .delete(shoppingListPresence)
      .where(and(eq(shoppingListPresence.listId, listId), eq(shoppingListPresence.userId, userId)))
      .returning({ userId: shoppingListPresence.userId })
    return rows.length > 0
  },

  /** Forgets the people of the list not seen within the window (the table holds only who is here). */
  async dropGone(ex: Executor, listId: string, windowSeconds: number): Promise<void> {
    await ex
      .delete(shoppingListPresence)
      .where(
        and(
          eq(shoppingListPresence.listId, listId),
          lt(shoppingListPresence.lastSeen, sql`now() - make_interval(secs => ${windowSeconds})`),
        ),
      )
  },

  /** The others seen within the window who are still members of the list's household, by name. */
  async others(ex: Executor, scope: Scope, listId: string, windowSeconds: number) {
    return ex
      .select({ userId: users.id, username: users.username, fullName: users.fullName })
      .from(shoppingListPresence)
      .innerJoin(users, eq(users.id, shoppingListPresence.userId))
      .where(
        and(
          eq(shoppingListPresence.listId, listId),
          ne(shoppingListPresence.userId, scope.userId),
          gt(shoppingListPresence.lastSeen, sql`now() - make_interval(secs => ${windowSeconds})`),
          eq(users.groupId, scope.groupId),
          eq(users.householdId, scope.householdId),
        ),
      )
      .orderBy(asc(users.fullName), asc(users.username), asc(users.id))
  },
}
