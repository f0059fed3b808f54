import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { households, toolsOnHand } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

/** A table of "household H has item I on hand" (tools_on_hand, ingredient_foods_on_hand). */
export interface OnHandTable {
  table: PgTable
  itemId: AnyPgColumn
  householdId: AnyPgColumn
}

/**
 * On-hand is per household (docs/mealie-compatibility.md "On-hand", later 2.x). Households are read within the scope's group only,
 * so a slug of another group's household is simply unknown.
 */
export function createOnHandRepo(onHand: OnHandTable) {
  const inGroup = (scope: Scope) => eq(households.groupId, scope.groupId)

  return {
    /** The group's households holding each item, as `{ id, slug }`, by slug. */
    async householdsOf(
      ex: Executor,
      scope: Scope,
      itemIds: readonly string[],
    ): Promise<Map<string, { id: string; slug: string }[]>> {
      const found = new Map<string, { id: string; slug: string }[]>(itemIds.map((id) => [id, []]))
      if (itemIds.length === 0) return found
      const rows = await ex
        .select({ itemId: onHand.itemId, id: households.id, slug: households.slug })
        .from(onHand.table)
        .innerJoin(households, eq(households.id, onHand.householdId))
        .where(and(inGroup(scope), inArray(onHand.itemId, [...itemIds])))
        .orderBy(asc(households.slug))
      for (const row of rows) found.get(row.itemId as string)?.push({ id: row.id, slug: row.slug })
      return found
    },

    /** Ids of the group's households with these slugs; unknown slugs are left out. */
    async householdIdsBySlugs(ex: Executor, scope: Scope, slugs: readonly string[]): Promise<string[]> {
      if (slugs.length === 0) return []
      const rows = await ex
        .select({ id: households.id })
        .from(households)
        .where(and(inGroup(scope), inArray(households.slug, [...slugs])))
      return rows.map((row) => row.id)
    },

    /**
     * Makes exactly `householdIds` (the group's households, resolved by `householdIdsBySlugs`) hold the item. The item
     * must be one of the scope's group, checked by the caller in the same transaction.
     */
    async replace(ex: Executor, itemId: string, householdIds: readonly string[]): Promise<void> {
      const others = householdIds.length > 0 ? notInArray(onHand.householdId, [...householdIds]) : undefined
      await ex.delete(onHand.table).where(and(eq(onHand.itemId, itemId), others))
      if (householdIds.length === 0) return
      const pairs = sql.join(
        householdIds.map((householdId) => sql`(${itemId}, ${householdId})`),
        sql`, `,
      )
      await ex.execute(
        sql`insert into ${onHand.table} (${sql.identifier(onHand.itemId.name)}, ${sql.identifier(onHand.householdId.name)}) values ${pairs} on conflict do nothing`,
      )
    },
  }
}

export type OnHandRepo = ReturnType<typeof createOnHandRepo>

/** Which of the group's households hold each tool. */
export const toolsOnHandRepo = createOnHandRepo({
  table: toolsOnHand,
  itemId: toolsOnHand.toolId,
  householdId: toolsOnHand.householdId,
})
