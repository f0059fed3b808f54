import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { foodAliases, foods, foodsOnHand, labels, recipeIngredients, recipes } from '../../db/schema/index.js'
import { paginate, type ListQuery, type ListSpec, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { inNameKeyOrder } from '../../lib/ingredient-name-key.js'
import { createOnHandRepo } from '../organizers/index.js'

export type FoodRow = typeof foods.$inferSelect
export interface FoodValues {
  name: string
  pluralName: string | null
  description: string
  extras: Record<string, string>
  labelId: string | null
}
type ListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

const inGroup = (scope: Scope) => eq(foods.groupId, scope.groupId)

/** Which of the group's households hold each food (docs/mealie-compatibility.md "On-hand", per household). */
export const foodsOnHandRepo = createOnHandRepo({
  table: foodsOnHand,
  itemId: foodsOnHand.foodId,
  householdId: foodsOnHand.householdId,
})

/** Foods of the scope's group; another group's food is simply not found. Names are unique per group by an index. */
export const foodRepo = {
  async findById(ex: Executor, scope: Scope, id: string, lock?: 'update'): Promise<FoodRow | null> {
    const query = ex
      .select()
      .from(foods)
      .where(and(inGroup(scope), eq(foods.id, id)))
      .$dynamic()
    const [row] = lock ? await query.for(lock) : await query
    return row ?? null
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<FoodRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(foods)
      .where(and(inGroup(scope), inArray(foods.id, [...ids])))
  },

  /** Gives a food without a label this one; a food with a label keeps it. Answers whether it changed. */
  async setLabelIfUnset(ex: Executor, scope: Scope, id: string, labelId: string): Promise<boolean> {
    const rows = await ex
      .update(foods)
      .set({ labelId })
      .where(and(inGroup(scope), eq(foods.id, id), isNull(foods.labelId)))
      .returning({ id: foods.id })
    return rows.length > 0
  },

  page<Item>(ex: Executor, scope: Scope, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
    return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
  },

  async aliasesOf(ex: Executor, foodIds: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>(foodIds.map((id) => [id, []]))
    if (foodIds.length === 0) return found
    const rows = await ex
      .select({ foodId: foodAliases.foodId, name: foodAliases.name })
      .from(foodAliases)
      .where(inArray(foodAliases.foodId, [...foodIds]))
      .orderBy(asc(foodAliases.name))
    for (const row of rows) found.get(row.foodId)?.push(row.name)
    return found
  },

  async insert(ex: Executor, scope: Scope, values: FoodValues): Promise<FoodRow> {
    const [row] = await ex
      .insert(foods)
      .values({ groupId: scope.groupId, ...values })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: FoodValues): Promise<FoodRow | null> {
    const [row] = await ex
      .update(foods)
      .set(values)
      .where(and(inGroup(scope), eq(foods.id, id)))
      .returning()
    return row ?? null
  },

  /** Replaces a food's aliases; the food is one of the scope's group, checked by the caller in its transaction. */
  async replaceAliases(ex: Executor, foodId: string, names: readonly string[]): Promise<void> {
    await ex.delete(foodAliases).where(eq(foodAliases.foodId, foodId))
    if (names.length > 0) await ex.insert(foodAliases).values(names.map((name) => ({ foodId, name })))
  },

  async remove(ex: Executor, scope: Scope, id: string): Promise<void> {
    await ex.delete(foods).where(and(inGroup(scope), eq(foods.id, id)))
  },

  /**
   * Locks the group's recipes with an ingredient of the food, in id order, and returns their ids: taken before the
   * food's own row, in the order a recipe save takes them (recipe, then the foods its lines use), so a rename or merge
   * and a save of one of those recipes wait for each other instead of deadlocking.
   */
  async lockRecipesUsing(ex: Executor, scope: Scope, foodId: string): Promise<string[]> {
    const rows = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(
        and(
          eq(recipes.groupId, scope.groupId),
          inArray(
            recipes.id,
            ex
              .select({ id: recipeIngredients.recipeId })
              .from(recipeIngredients)
              .where(eq(recipeIngredients.foodId, foodId)),
          ),
        ),
      )
      .orderBy(asc(recipes.id))
      .for('no key update')
    return rows.map((row) => row.id)
  },

  /** Points the group's recipe ingredients that use one food at another. */
  async repointIngredients(ex: Executor, scope: Scope, fromId: string, toId: string): Promise<void> {
    await ex
      .update(recipeIngredients)
      .set({ foodId: toId })
      .where(
        and(
          eq(recipeIngredients.foodId, fromId),
          inArray(
            recipeIngredients.recipeId,
            ex.select({ id: recipes.id }).from(recipes).where(eq(recipes.groupId, scope.groupId)),
          ),
        ),
      )
  },

  /**
   * Adds the foods whose names the group lacks, each with the group's label of the name it gives (none when the group
   * has no such label); names the group has are left as they are, even under parallel seeding.
   */
  async insertMissing(
    ex: Executor,
    scope: Scope,
    entries: readonly { name: string; pluralName?: string | undefined; label?: string | undefined }[],
  ): Promise<void> {
    if (entries.length === 0) return
    const rows = sql.join(
      inNameKeyOrder(entries).map(
        (entry) => sql`(${entry.name}::text, ${entry.pluralName ?? null}::text, ${entry.label ?? null}::text)`,
      ),
      sql`, `,
    )
    await ex.execute(sql`
      insert into ${foods} (${sql.identifier(foods.groupId.name)}, ${sql.identifier(foods.name.name)},
        ${sql.identifier(foods.pluralName.name)}, ${sql.identifier(foods.labelId.name)})
      select ${scope.groupId}::uuid, entry.name, entry.plural_name, ${labels.id}
      from (values ${rows}) as entry (name, plural_name, label)
      left join ${labels} on ${labels.groupId} = ${scope.groupId}::uuid and ${labels.name} = entry.label
      on conflict (${sql.identifier(foods.groupId.name)}, ${sql.identifier(foods.nameKey.name)}) do nothing`)
  },
}

export type FoodRepo = typeof foodRepo
