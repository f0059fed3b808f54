import type { IngredientFood, IngredientUnit } from '@larder/contracts'
import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { foodAliases, foods, foodsOnHand, households, labels, unitAliases, units } from '../../db/schema/index.js'

/** Every food and unit of a group, as the wire shows them, for the matcher to choose from. */
export interface GroupVocabulary {
  foods: IngredientFood[]
  units: IngredientUnit[]
}

function namesById(rows: readonly { ownerId: string; name: string }[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const row of rows) found.set(row.ownerId, [...(found.get(row.ownerId) ?? []), row.name])
  return found
}

/**
 * Loads the whole vocabulary of one group in five queries (Mealie builds the same tables once per request, docs/mealie-compatibility.md "Matching foods and units").
 * `householdId`, when known, decides each food's `onHand`.
 */
export async function loadGroupVocabulary(
  ex: Executor,
  groupId: string,
  householdId: string | null,
): Promise<GroupVocabulary> {
  const [foodRows, foodAliasRows, onHandRows, unitRows, unitAliasRows] = await Promise.all([
    ex
      .select({ food: foods, label: labels })
      .from(foods)
      .leftJoin(labels, eq(labels.id, foods.labelId))
      .where(eq(foods.groupId, groupId))
      .orderBy(asc(foods.createdAt), asc(foods.id)),
    ex
      .select({ ownerId: foodAliases.foodId, name: foodAliases.name })
      .from(foodAliases)
      .innerJoin(foods, eq(foods.id, foodAliases.foodId))
      .where(eq(foods.groupId, groupId))
      .orderBy(asc(foodAliases.name)),
    ex
      .select({ foodId: foodsOnHand.foodId, householdId: households.id, slug: households.slug })
      .from(foodsOnHand)
      .innerJoin(foods, eq(foods.id, foodsOnHand.foodId))
      .innerJoin(households, eq(households.id, foodsOnHand.householdId))
      .where(eq(foods.groupId, groupId))
      .orderBy(asc(households.slug)),
    ex.select().from(units).where(eq(units.groupId, groupId)).orderBy(asc(units.createdAt), asc(units.id)),
    ex
      .select({ ownerId: unitAliases.unitId, name: unitAliases.name })
      .from(unitAliases)
      .innerJoin(units, eq(units.id, unitAliases.unitId))
      .where(eq(units.groupId, groupId))
      .orderBy(asc(unitAliases.name)),
  ])
  const foodAliasNames = namesById(foodAliasRows)
  const unitAliasNames = namesById(unitAliasRows)
  const holders = new Map<string, { householdId: string; slug: string }[]>()
  for (const row of onHandRows) holders.set(row.foodId, [...(holders.get(row.foodId) ?? []), row])
  return {
    foods: foodRows.map(({ food, label }) => ({
      id: food.id,
      name: food.name,
      pluralName: food.pluralName,
      description: food.description,
      extras: food.extras,
      onHand: (holders.get(food.id) ?? []).some((holder) => holder.householdId === householdId),
      householdsWithIngredientFood: (holders.get(food.id) ?? []).map((holder) => holder.slug),
      labelId: food.labelId,
      label: label ? { id: label.id, name: label.name, color: label.color, groupId: label.groupId } : null,
      aliases: (foodAliasNames.get(food.id) ?? []).map((name) => ({ name })),
      createdAt: food.createdAt.toISOString(),
      updatedAt: food.updatedAt.toISOString(),
    })),
    units: unitRows.map((unit) => ({
      id: unit.id,
      name: unit.name,
      pluralName: unit.pluralName,
      description: unit.description,
      extras: unit.extras,
      fraction: unit.fraction,
      abbreviation: unit.abbreviation,
      pluralAbbreviation: unit.pluralAbbreviation,
      useAbbreviation: unit.useAbbreviation,
      aliases: (unitAliasNames.get(unit.id) ?? []).map((name) => ({ name })),
      createdAt: unit.createdAt.toISOString(),
      updatedAt: unit.updatedAt.toISOString(),
    })),
  }
}
