import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

/** Multi-purpose labels (docs/mealie-compatibility.md "Foods, units and labels"): group-owned, used by foods and, later, shopping lists. */
export const labels = pgTable(
  'multi_purpose_labels',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#959595'),
    ...timestamps,
  },
  (table) => [
    index('multi_purpose_labels_group_id_idx').on(table.groupId),
    uniqueIndex('multi_purpose_labels_group_name_key').on(table.groupId, table.name),
  ],
)

/** Foods (docs/mealie-compatibility.md "Foods, units and labels" IngredientFood): what ingredients are made of, shared by the whole group. */
export const foods = pgTable(
  'ingredient_foods',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name as `ingredient_name_key` reads it (lib/ingredient-name-key.ts): one food per key in a group. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`ingredient_name_key(name)`),
    pluralName: text('plural_name'),
    description: text('description').notNull().default(''),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    labelId: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('ingredient_foods_group_id_idx').on(table.groupId),
    index('ingredient_foods_label_id_idx').on(table.labelId),
    uniqueIndex('ingredient_foods_group_name_key').on(table.groupId, table.nameKey),
    index('ingredient_foods_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
)

/** Other names a food goes by, for the ingredient parser's matching. */
export const foodAliases = pgTable(
  'ingredient_food_aliases',
  {
    id: primaryId(),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [index('ingredient_food_aliases_food_id_idx').on(table.foodId)],
)

/** Which households have a food on hand (docs/mealie-compatibility.md "On-hand", later 2.x: per household). */
export const foodsOnHand = pgTable(
  'ingredient_foods_on_hand',
  {
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.foodId, table.householdId] }),
    index('ingredient_foods_on_hand_household_id_idx').on(table.householdId),
  ],
)

/** Units (docs/mealie-compatibility.md "Foods, units and labels" IngredientUnit). */
export const units = pgTable(
  'ingredient_units',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** As for foods: "cup", "Cups" and "CUP" are one unit of a group. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`ingredient_name_key(name)`),
    pluralName: text('plural_name'),
    description: text('description').notNull().default(''),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    fraction: boolean('fraction').notNull().default(true),
    abbreviation: text('abbreviation').notNull().default(''),
    pluralAbbreviation: text('plural_abbreviation').default(''),
    useAbbreviation: boolean('use_abbreviation').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('ingredient_units_group_id_idx').on(table.groupId),
    uniqueIndex('ingredient_units_group_name_key').on(table.groupId, table.nameKey),
  ],
)

export const unitAliases = pgTable(
  'ingredient_unit_aliases',
  {
    id: primaryId(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [index('ingredient_unit_aliases_unit_id_idx').on(table.unitId)],
)
