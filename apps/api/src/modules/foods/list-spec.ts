import { IngredientFood, IngredientUnit, MultiPurposeLabel } from '@larder/contracts'
import { eq, sql } from 'drizzle-orm'
import { foodAliases, foods, foodsOnHand, labels, unitAliases, units } from '../../db/schema/index.js'
import { defineListSpec, type ListSpec } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'

/**
 * Foods as one caller sees them (docs/mealie-compatibility.md "Filter and order attributes"): `on_hand` is whether the caller's household holds the food, `label.*`
 * the food's label, `aliases.name` its other names. Mealie's `ingredients.*` is left out: the answer does not show it.
 * Search reads the name and the plural name, accents and case folded.
 */
export function foodListSpec(scope: Scope): ListSpec {
  return defineListSpec({
    table: foods,
    shows: IngredientFood,
    columns: {
      id: foods.id,
      name: foods.name,
      plural_name: foods.pluralName,
      description: foods.description,
      label_id: foods.labelId,
      created_at: foods.createdAt,
      updated_at: foods.updatedAt,
      on_hand: {
        expression: sql`exists (select 1 from ${foodsOnHand} where ${foodsOnHand.foodId} = ${foods.id} and ${foodsOnHand.householdId} = ${scope.householdId})`,
        type: 'boolean',
      },
    },
    relations: {
      label: {
        table: labels,
        on: eq(labels.id, foods.labelId),
        many: false,
        columns: { id: labels.id, name: labels.name, color: labels.color, group_id: labels.groupId },
      },
      aliases: {
        table: foodAliases,
        on: eq(foodAliases.foodId, foods.id),
        many: true,
        columns: { name: foodAliases.name },
      },
    },
    search: [foods.name, foods.pluralName],
  })
}

export const unitListSpec = defineListSpec({
  table: units,
  shows: IngredientUnit,
  columns: {
    id: units.id,
    name: units.name,
    plural_name: units.pluralName,
    description: units.description,
    abbreviation: units.abbreviation,
    plural_abbreviation: units.pluralAbbreviation,
    use_abbreviation: units.useAbbreviation,
    fraction: units.fraction,
    created_at: units.createdAt,
    updated_at: units.updatedAt,
  },
  relations: {
    aliases: {
      table: unitAliases,
      on: eq(unitAliases.unitId, units.id),
      many: true,
      columns: { name: unitAliases.name },
    },
  },
  search: [units.name, units.pluralName, units.abbreviation, units.pluralAbbreviation],
})

/** Labels show id, name, colour and group; Mealie's `foods.*` is not in the answer, so not in the filter. */
export const labelListSpec = defineListSpec({
  table: labels,
  shows: MultiPurposeLabel,
  columns: { id: labels.id, name: labels.name, color: labels.color, group_id: labels.groupId },
  search: [labels.name],
  defaultOrder: labels.createdAt,
})
