import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { foods, labels, units } from './foods.js'
import { groups } from './groups.js'
import { households } from './households.js'
import { recipes } from './recipes.js'
import { users } from './users.js'

/**
 * A household's shopping list (docs/mealie-compatibility.md "Shopping lists"). `version` goes up by one with every write to the list or its items;
 * each item remembers the version of its last change, so a client asks only for what changed since its version.
 * `tombstonesPrunedThrough` is the newest version whose deleted lines the daily pruning removed: a client behind it
 * may have missed a deletion and is answered the whole list (`reset`).
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** The owner (Mealie's `userId`); every member of the household reads and writes the list. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    tombstonesPrunedThrough: integer('tombstones_pruned_through').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('shopping_lists_household_id_idx').on(table.groupId, table.householdId)],
)

/** How many times (in scale units) each recipe is on a list. */
export const shoppingListRecipes = pgTable(
  'shopping_list_recipes',
  {
    id: primaryId(),
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    recipeQuantity: doublePrecision('recipe_quantity').notNull(),
  },
  (table) => [uniqueIndex('shopping_list_recipes_list_recipe_key').on(table.listId, table.recipeId)],
)

/** A list's order of the group's labels: one row per label. */
export const shoppingListLabels = pgTable(
  'shopping_list_labels',
  {
    id: primaryId(),
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('shopping_list_labels_list_label_key').on(table.listId, table.labelId),
    index('shopping_list_labels_label_id_idx').on(table.labelId),
  ],
)

/**
 * A line of a list. Its amount is the sum of its shares (`shopping_list_item_shares`); `quantity` and `unit_id` keep
 * that sum as written. A deleted line stays as a tombstone (`deleted`) so that `/changes` can report it.
 */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    id: primaryId(),
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    checked: boolean('checked').notNull().default(false),
    position: integer('position').notNull().default(0),
    quantity: doublePrecision('quantity').notNull().default(0),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    foodId: uuid('food_id').references(() => foods.id, { onDelete: 'set null' }),
    labelId: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    isFood: boolean('is_food').notNull().default(false),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('shopping_list_items_list_version_idx').on(table.listId, table.version),
    index('shopping_list_items_household_id_idx').on(table.groupId, table.householdId),
    index('shopping_list_items_live_idx')
      .on(table.listId, table.position)
      .where(sql`not ${table.deleted}`),
  ],
)

/**
 * One source's share of a line: an ingredient of a recipe (and of a plan entry), or the amount people typed
 * (`recipe_id` null). Removing a recipe removes its shares and nothing else.
 */
export const shoppingListItemShares = pgTable(
  'shopping_list_item_shares',
  {
    id: primaryId(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => shoppingListItems.id, { onDelete: 'cascade' }),
    /** Unique per line: `own`, or `recipe:<recipe id>:<plan entry id or ->:<ingredient>`. */
    source: text('source').notNull(),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'cascade' }),
    mealplanId: uuid('mealplan_id'),
    /** The share's amount in its own unit: `recipe_quantity × recipe_scale` for a recipe's. */
    quantity: doublePrecision('quantity'),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    recipeQuantity: doublePrecision('recipe_quantity').notNull().default(0),
    recipeScale: doublePrecision('recipe_scale').notNull().default(1),
    note: text('note').notNull().default(''),
  },
  (table) => [uniqueIndex('shopping_list_item_shares_item_source_key').on(table.itemId, table.source)],
)

/** A household's store, with the order its aisles (labels) come in. */
export const shoppingStores = pgTable(
  'shopping_stores',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    labelOrder: uuid('label_order')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (table) => [uniqueIndex('shopping_stores_household_name_key').on(table.householdId, table.name)],
)

/**
 * Who has a list open now ("who is here", issue #32): one row per person and list, its `last_seen` moved on by the
 * page's heartbeat. A table, not the instance's memory: behind a load balancer two people on one list may reach two
 * instances, and each must see the other. Not the events outbox either: a heartbeat every 20 s per open page would
 * flood it and the live stream with rows that change nothing on the list (only a goodbye, once per page closed, is
 * published). Rows of people gone are ignored after the presence window and dropped by the next heartbeat on the list.
 */
export const shoppingListPresence = pgTable(
  'shopping_list_presence',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.userId] })],
)
