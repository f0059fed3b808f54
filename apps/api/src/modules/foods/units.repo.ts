import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeIngredients, recipes, unitAliases, units } from '../../db/schema/index.js'
import { paginate, type ListQuery, type ListSpec, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { inNameKeyOrder } from '../../lib/ingredient-name-key.js'

export type UnitRow = typeof units.$inferSelect
export type UnitValues = Omit<typeof units.$inferInsert, 'id' | 'groupId' | 'createdAt' | 'updatedAt'>
export interface UnitSeed {
  name: string
  pluralName?: string | undefined
  abbreviation?: string | undefined
  pluralAbbreviation?: string | undefined
  fraction?: boolean | undefined
}
type ListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

const inGroup = (scope: Scope) => eq(units.groupId, scope.groupId)

/** Units of the scope's group; another group's unit is simply not found. Names are unique per group by an index. */
export const unitRepo = {
  async findById(ex: Executor, scope: Scope, id: string, lock?: 'update'): Promise<UnitRow | null> {
    const query = ex
      .select()
      .from(units)
      .where(and(inGroup(scope), eq(units.id, id)))
      .$dynamic()
    const [row] = lock ? await query.for(lock) : await query
    return row ?? null
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<UnitRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(units)
      .where(and(inGroup(scope), inArray(units.id, [...ids])))
  },

  page<Item>(ex: Executor, scope: Scope, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
    return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
  },

  async aliasesOf(ex: Executor, unitIds: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>(unitIds.map((id) => [id, []]))
    if (unitIds.length === 0) return found
    const rows = await ex
      .select({ unitId: unitAliases.unitId, name: unitAliases.name })
      .from(unitAliases)
      .where(inArray(unitAliases.unitId, [...unitIds]))
      .orderBy(asc(unitAliases.name))
    for (const row of rows) found.get(row.unitId)?.push(row.name)
    return found
  },

  async insert(ex: Executor, scope: Scope, values: UnitValues): Promise<UnitRow> {
    const [row] = await ex
      .insert(units)
      .values({ groupId: scope.groupId, ...values })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: UnitValues): Promise<UnitRow | null> {
    const [row] = await ex
      .update(units)
      .set(values)
      .where(and(inGroup(scope), eq(units.id, id)))
      .returning()
    return row ?? null
  },

  /** Replaces a unit's aliases; the unit is one of the scope's group, checked by the caller in its transaction. */
  async replaceAliases(ex: Executor, unitId: string, names: readonly string[]): Promise<void> {
    await ex.delete(unitAliases).where(eq(unitAliases.unitId, unitId))
    if (names.length > 0) await ex.insert(unitAliases).values(names.map((name) => ({ unitId, name })))
  },

  async remove(ex: Executor, scope: Scope, id: string): Promise<void> {
    await ex.delete(units).where(and(inGroup(scope), eq(units.id, id)))
  },

  /** Points the group's recipe ingredients that use one unit at another. */
  async repointIngredients(ex: Executor, scope: Scope, fromId: string, toId: string): Promise<void> {
    await ex
      .update(recipeIngredients)
      .set({ unitId: toId })
      .where(
        and(
          eq(recipeIngredients.unitId, fromId),
          inArray(
            recipeIngredients.recipeId,
            ex.select({ id: recipes.id }).from(recipes).where(eq(recipes.groupId, scope.groupId)),
          ),
        ),
      )
  },

  /** Adds the units whose names the group lacks; names it has are left as they are, even under parallel seeding. */
  async insertMissing(ex: Executor, scope: Scope, entries: readonly UnitSeed[]): Promise<void> {
    if (entries.length === 0) return
    await ex
      .insert(units)
      .values(
        inNameKeyOrder(entries).map((entry) => ({
          groupId: scope.groupId,
          name: entry.name,
          pluralName: entry.pluralName ?? null,
          abbreviation: entry.abbreviation ?? '',
          pluralAbbreviation: entry.pluralAbbreviation ?? '',
          fraction: entry.fraction ?? true,
        })),
      )
      .onConflictDoNothing({ target: [units.groupId, units.nameKey] })
  },
}

export type UnitRepo = typeof unitRepo
