import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  date,
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
import { foods, units } from './foods.js'
import { groups } from './groups.js'
import { households } from './households.js'
import { categories, tags, tools } from './organizers.js'
import { users } from './users.js'

/** PostgreSQL's full-text document type; written by the recipes repo from the recipe's texts, never by hand. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export interface RecipeNutritionData {
  calories?: string | null
  carbohydrateContent?: string | null
  cholesterolContent?: string | null
  fatContent?: string | null
  fiberContent?: string | null
  proteinContent?: string | null
  saturatedFatContent?: string | null
  sodiumContent?: string | null
  sugarContent?: string | null
  transFatContent?: string | null
  unsaturatedFatContent?: string | null
}

export interface RecipeAssetData {
  name: string
  icon: string
  fileName: string
}

export interface RecipeNoteData {
  title: string
  text: string
}

/**
 * A recipe (docs/mealie-compatibility.md "Recipe model"): owned by a user and so by their household, visible to the whole group. Settings sit on
 * the row (one read, no join); nutrition, notes, extras and assets are small documents read whole with the recipe.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Cache key of the current image; null when the recipe has none. */
    image: text('image'),
    recipeYield: text('recipe_yield'),
    recipeYieldQuantity: doublePrecision('recipe_yield_quantity').notNull().default(0),
    recipeServings: doublePrecision('recipe_servings').notNull().default(0),
    totalTime: text('total_time'),
    prepTime: text('prep_time'),
    cookTime: text('cook_time'),
    performTime: text('perform_time'),
    orgUrl: text('org_url'),
    /** Average of the users' ratings above 0, kept with every rating change so lists can sort on it. */
    rating: doublePrecision('rating'),
    dateAdded: date('date_added', { mode: 'string' }),
    dateUpdated: timestamp('date_updated', { withTimezone: true }),
    /** The latest "made it" of any household; each household's own is in household_recipe_data. */
    lastMade: timestamp('last_made', { withTimezone: true }),
    settingsPublic: boolean('settings_public').notNull().default(false),
    settingsShowNutrition: boolean('settings_show_nutrition').notNull().default(false),
    settingsShowAssets: boolean('settings_show_assets').notNull().default(false),
    settingsLandscapeView: boolean('settings_landscape_view').notNull().default(false),
    settingsDisableComments: boolean('settings_disable_comments').notNull().default(false),
    settingsDisableAmount: boolean('settings_disable_amount').notNull().default(true),
    settingsLocked: boolean('settings_locked').notNull().default(false),
    nutrition: jsonb('nutrition').$type<RecipeNutritionData | null>(),
    notes: jsonb('notes').$type<RecipeNoteData[]>().notNull().default([]),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    assets: jsonb('assets').$type<RecipeAssetData[]>().notNull().default([]),
    /** lower(unaccent(name)), for trigram (typo-tolerant) name search. */
    searchName: text('search_name').notNull().default(''),
    /** Weighted document: name A, tags and categories B, description and ingredients C, instructions D. */
    searchDocument: tsvector('search_document'),
    /**
     * The document's head: name A, tags and categories B. Small enough to stay in the row, where the document is read
     * from TOAST storage: ranking tests it for every candidate, the document only for those that can reach the page.
     */
    searchHead: tsvector('search_head'),
    /**
     * The ids of the recipe's categories, tags and tools, copied from the link tables by triggers on those tables
     * (migration 0004), so that organizer filters are one GIN index lookup instead of a semi-join per condition.
     * Never written by the app; the link tables stay the source of truth.
     */
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    toolIds: uuid('tool_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('recipes_group_slug_key').on(table.groupId, table.slug),
    index('recipes_group_created_idx').on(table.groupId, table.createdAt),
    index('recipes_group_name_idx').on(table.groupId, table.name),
    // A list filtered on the average rating (queryFilter `rating >= 4`, list-spec.ts), its count included, read from
    // the index alone: the recipe rows are ten times its size.
    index('recipes_group_rating_idx').on(table.groupId, table.rating, table.id),
    index('recipes_household_id_idx').on(table.householdId),
    index('recipes_user_id_idx').on(table.userId),
    index('recipes_search_name_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
    index('recipes_search_document_idx').using('gin', table.searchDocument),
    index('recipes_search_head_idx').using('gin', table.searchHead),
    index('recipes_category_ids_idx').using('gin', table.categoryIds),
    index('recipes_tag_ids_idx').using('gin', table.tagIds),
    index('recipes_tool_ids_idx').using('gin', table.toolIds),
  ],
)

/** One line of a recipe's ingredient list, in order; `title` starts a section. */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: primaryId(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title'),
    note: text('note'),
    quantity: doublePrecision('quantity'),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    foodId: uuid('food_id').references(() => foods.id, { onDelete: 'set null' }),
    originalText: text('original_text'),
    /** Steps point at ingredients by this id (RecipeStep.ingredientReferences). */
    referenceId: uuid('reference_id').notNull(),
    /** A sub-recipe used as an ingredient; links that would make a cycle are refused by the service. */
    referencedRecipeId: uuid('referenced_recipe_id').references(() => recipes.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('recipe_ingredients_recipe_id_idx').on(table.recipeId, table.position),
    index('recipe_ingredients_food_id_idx').on(table.foodId),
    index('recipe_ingredients_unit_id_idx').on(table.unitId),
    index('recipe_ingredients_referenced_recipe_id_idx').on(table.referencedRecipeId),
  ],
)

/** One step of a recipe's instructions, in order; `title` starts a section. */
export const recipeInstructions = pgTable(
  'recipe_instructions',
  {
    id: primaryId(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull().default(''),
    summary: text('summary').notNull().default(''),
    text: text('text').notNull().default(''),
    ingredientReferences: jsonb('ingredient_references')
      .$type<Array<{ referenceId: string | null }>>()
      .notNull()
      .default([]),
  },
  (table) => [index('recipe_instructions_recipe_id_idx').on(table.recipeId, table.position)],
)

export const recipeCategories = pgTable(
  'recipes_to_categories',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.recipeId, table.categoryId] }),
    index('recipes_to_categories_category_id_idx').on(table.categoryId),
  ],
)

export const recipeTags = pgTable(
  'recipes_to_tags',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.recipeId, table.tagId] }),
    index('recipes_to_tags_tag_id_idx').on(table.tagId),
  ],
)

export const recipeTools = pgTable(
  'recipes_to_tools',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.recipeId, table.toolId] }),
    index('recipes_to_tools_tool_id_idx').on(table.toolId),
  ],
)

/**
 * The words of the group's recipe names (3 letters or more), for correcting a misspelt search word by trigram
 * similarity: a few thousand words, where the names that share trigrams with a misspelling run to thousands at 100k
 * recipes. Written by `recipes_refresh_search` (migration 0010) with the names; never pruned, so a word may outlive
 * its last recipe, and the correction checks that some recipe still names it.
 */
export const recipeSearchWords = pgTable(
  'recipe_search_words',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.word] }),
    index('recipe_search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
  ],
)

/** What a household keeps of a recipe (docs/mealie-compatibility.md "Household recipe data"): its own "last made". */
export const householdRecipeData = pgTable(
  'household_recipe_data',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    lastMade: timestamp('last_made', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.recipeId] }),
    index('household_recipe_data_recipe_id_idx').on(table.recipeId),
  ],
)
