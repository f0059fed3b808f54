import { sql, type SQL } from 'drizzle-orm'

/**
 * The recipe's wire objects as tables of fields, in the order of their contract's schema (packages/contracts): one
 * line per field, naming its key, where its value is read from and what kind of value it is. Both encoders are
 * generated from these tables: recipe-wire-json.repo.ts (json_build_object, read back as objects: `loadRecipes`,
 * `recipeSummaries`) and recipe-wire-text.repo.ts (the answer's final JSON text, sent as it is: `recipeJson`,
 * `recipeSummariesJson`), with its checks of the values the two would write differently. A field added here reaches
 * both.
 *
 * Aliases the SQL below relies on: r (the recipe), i (ingredient), u (unit), f (food), l (label), s (referenced
 * recipe), st (step), cm (comment), cu (its user), o (an organizer).
 */

/** The caller's household (on hand), a placeholder: every statement of these fields is written once, and prepared. */
export const callerHousehold = sql.placeholder('householdId')

/**
 * Scalars, each written as JSON.stringify writes its JavaScript value: `uuid`, `text` and `date` as to_json writes
 * them, `number` (float8) and `instant` (timestamptz) in JavaScript's forms, `record` a jsonb object of text values.
 */
export type ScalarKind = 'uuid' | 'text' | 'date' | 'number' | 'instant' | 'boolean' | 'record'

export interface ScalarField {
  key: string
  kind: ScalarKind
  value: SQL
}

/** Rows of a related table: `from` (the table, its alias and inner joins), `where` and their order. */
export interface RelatedRows {
  from: SQL
  where: SQL
  order: SQL
  /**
   * In the text encoder the list is read by a lateral join of this name (the recipe's top-level lists); without
   * one, by a sub-query where it stands.
   */
  lateral?: string
}

export type WireField =
  | ScalarField
  /** A jsonb array of objects with these keys only, in this order, each a string (or null when `nullable`). */
  | { key: string; kind: 'objects'; value: SQL; keys: readonly string[]; nullable: boolean }
  /** A jsonb object (or null) written with exactly these keys, in this order, null where it has none. */
  | { key: string; kind: 'keyed'; value: SQL; keys: readonly string[] }
  /** An object of the same row (settings, a comment's user). */
  | { key: string; kind: 'object'; fields: WireObject }
  /** The row of `table` (as `alias`) that `on` finds, or null: a sub-query in JSON, a left join in text. */
  | { key: string; kind: 'joined'; table: string; alias: string; on: SQL; fields: WireObject }
  /** The related rows, each an object of `item`, or a scalar. */
  | { key: string; kind: 'list'; rows: RelatedRows; item: WireObject | ScalarField }
  /** A list aggregated over the rows the enclosing statement groups (`filter` leaves out the outer join's nulls). */
  | { key: string; kind: 'aggregate'; item: ScalarField; order: SQL; filter: SQL }
  /** The recipe's organizers of a kind, read once per statement (the organizer tables of recipe-loader.repo.ts). */
  | { key: string; kind: 'organizers'; list: OrganizerList }
  /** A value written in Node after the read: null in JSON, `displayMark` in text (see recipe-loader.repo.ts). */
  | { key: string; kind: 'marker' }

export type OrganizerList = 'categories' | 'tags' | 'tools'
export type WireObject = readonly WireField[]

const scalar =
  (kind: ScalarKind) =>
  (key: string, value: SQL): ScalarField => ({ key, kind, value })
const uuid = scalar('uuid')
const text = scalar('text')
const date = scalar('date')
const number = scalar('number')
const instant = scalar('instant')
const boolean = scalar('boolean')
const record = scalar('record')

const aliasesOf = (table: string, column: string, owner: string): WireField => ({
  key: 'aliases',
  kind: 'list',
  rows: { from: sql.raw(`${table} a`), where: sql.raw(`a.${column} = ${owner}.id`), order: sql`a.name` },
  item: [text('name', sql`a.name`)],
})

/**
 * `onHand` (in the caller's household) and the households that have it, of the food or tool `owner`, from its rows
 * in `table` (ingredient_foods_on_hand, tools_on_hand) by `column`, read per owner.
 */
const onHandOf = (table: string, column: string, owner: string, listKey: string): WireField[] => [
  boolean(
    'onHand',
    sql`exists (select 1 from ${sql.raw(table)} oh
        where oh.${sql.raw(column)} = ${sql.raw(owner)}.id and oh.household_id = ${callerHousehold})`,
  ),
  {
    key: listKey,
    kind: 'list',
    rows: {
      from: sql`${sql.raw(table)} oh join households h on h.id = oh.household_id`,
      where: sql`oh.${sql.raw(column)} = ${sql.raw(owner)}.id`,
      order: sql`h.slug`,
    },
    item: text('slug', sql`h.slug`),
  },
]

/** A category or tag (RecipeCategory, RecipeTag), as `o`. */
export const organizerFields: WireObject = [uuid('id', sql`o.id`), text('name', sql`o.name`), text('slug', sql`o.slug`)]

/**
 * A tool (RecipeTool), as `o`. `grouped`: read in a statement that joins `tools_on_hand th` and `households h` to it
 * and groups by the tool (the page's organizer tables); otherwise by sub-queries per tool.
 */
export const toolFields = (held: 'grouped' | 'per tool'): WireObject => [
  ...organizerFields,
  ...(held === 'grouped'
    ? [
        boolean('onHand', sql`coalesce(bool_or(th.household_id = ${callerHousehold}), false)`),
        {
          key: 'householdsWithTool',
          kind: 'aggregate',
          item: text('slug', sql`h.slug`),
          order: sql`h.slug`,
          filter: sql`h.slug is not null`,
        } as const,
      ]
    : onHandOf('tools_on_hand', 'tool_id', 'o', 'householdsWithTool')),
]

/** RecipeSummary: every list item, and the start of a whole recipe. */
export const recipeSummaryFields: WireObject = [
  uuid('id', sql`r.id`),
  uuid('userId', sql`r.user_id`),
  uuid('householdId', sql`r.household_id`),
  uuid('groupId', sql`r.group_id`),
  text('name', sql`r.name`),
  text('slug', sql`r.slug`),
  text('image', sql`r.image`),
  number('recipeServings', sql`r.recipe_servings`),
  number('recipeYieldQuantity', sql`r.recipe_yield_quantity`),
  text('recipeYield', sql`r.recipe_yield`),
  text('totalTime', sql`r.total_time`),
  text('prepTime', sql`r.prep_time`),
  text('cookTime', sql`r.cook_time`),
  text('performTime', sql`r.perform_time`),
  text('description', sql`r.description`),
  { key: 'recipeCategory', kind: 'organizers', list: 'categories' },
  { key: 'tags', kind: 'organizers', list: 'tags' },
  { key: 'tools', kind: 'organizers', list: 'tools' },
  number('rating', sql`r.rating`),
  text('orgURL', sql`r.org_url`),
  date('dateAdded', sql`r.date_added`),
  instant('dateUpdated', sql`r.date_updated`),
  instant('createdAt', sql`r.created_at`),
  instant('updatedAt', sql`r.updated_at`),
  instant('lastMade', sql`r.last_made`),
]

export const unitFields: WireObject = [
  uuid('id', sql`u.id`),
  text('name', sql`u.name`),
  text('pluralName', sql`u.plural_name`),
  text('description', sql`u.description`),
  record('extras', sql`u.extras`),
  boolean('fraction', sql`u.fraction`),
  text('abbreviation', sql`u.abbreviation`),
  text('pluralAbbreviation', sql`u.plural_abbreviation`),
  boolean('useAbbreviation', sql`u.use_abbreviation`),
  aliasesOf('ingredient_unit_aliases', 'unit_id', 'u'),
  instant('createdAt', sql`u.created_at`),
  instant('updatedAt', sql`u.updated_at`),
]

export const labelFields: WireObject = [
  uuid('id', sql`l.id`),
  text('name', sql`l.name`),
  text('color', sql`l.color`),
  uuid('groupId', sql`l.group_id`),
]

export const foodFields: WireObject = [
  uuid('id', sql`f.id`),
  text('name', sql`f.name`),
  text('pluralName', sql`f.plural_name`),
  text('description', sql`f.description`),
  record('extras', sql`f.extras`),
  ...onHandOf('ingredient_foods_on_hand', 'food_id', 'f', 'householdsWithIngredientFood'),
  uuid('labelId', sql`f.label_id`),
  {
    key: 'label',
    kind: 'joined',
    table: 'multi_purpose_labels',
    alias: 'l',
    on: sql`l.id = f.label_id`,
    fields: labelFields,
  },
  aliasesOf('ingredient_food_aliases', 'food_id', 'f'),
  instant('createdAt', sql`f.created_at`),
  instant('updatedAt', sql`f.updated_at`),
]

export const referencedRecipeFields: WireObject = [
  uuid('id', sql`s.id`),
  text('name', sql`s.name`),
  text('slug', sql`s.slug`),
  number('recipeServings', sql`s.recipe_servings`),
  number('recipeYieldQuantity', sql`s.recipe_yield_quantity`),
]

// Inside a recipe every ingredient follows the recipe's setting (docs/mealie-compatibility.md "Recipe model"):
// isFood and disableAmount.
export const ingredientFields: WireObject = [
  number('quantity', sql`i.quantity`),
  { key: 'unit', kind: 'joined', table: 'ingredient_units', alias: 'u', on: sql`u.id = i.unit_id`, fields: unitFields },
  { key: 'food', kind: 'joined', table: 'ingredient_foods', alias: 'f', on: sql`f.id = i.food_id`, fields: foodFields },
  text('note', sql`i.note`),
  boolean('isFood', sql`not r.settings_disable_amount`),
  boolean('disableAmount', sql`r.settings_disable_amount`),
  { key: 'display', kind: 'marker' },
  text('title', sql`i.title`),
  text('originalText', sql`i.original_text`),
  uuid('referenceId', sql`i.reference_id`),
  {
    key: 'referencedRecipe',
    kind: 'joined',
    table: 'recipes',
    alias: 's',
    on: sql`s.id = i.referenced_recipe_id`,
    fields: referencedRecipeFields,
  },
]

export const stepFields: WireObject = [
  uuid('id', sql`st.id`),
  text('title', sql`st.title`),
  text('summary', sql`st.summary`),
  text('text', sql`st.text`),
  {
    key: 'ingredientReferences',
    kind: 'objects',
    value: sql`st.ingredient_references`,
    keys: ['referenceId'],
    nullable: true,
  },
]

export const commentUserFields: WireObject = [
  uuid('id', sql`cu.id`),
  text('username', sql`cu.username`),
  boolean('admin', sql`cu.admin`),
  text('fullName', sql`cu.full_name`),
]

export const commentFields: WireObject = [
  uuid('id', sql`cm.id`),
  uuid('recipeId', sql`cm.recipe_id`),
  text('text', sql`cm.text`),
  instant('createdAt', sql`cm.created_at`),
  instant('updatedAt', sql`cm.updated_at`),
  uuid('userId', sql`cm.user_id`),
  { key: 'user', kind: 'object', fields: commentUserFields },
]

export const settingsFields: WireObject = [
  boolean('public', sql`r.settings_public`),
  boolean('showNutrition', sql`r.settings_show_nutrition`),
  boolean('showAssets', sql`r.settings_show_assets`),
  boolean('landscapeView', sql`r.settings_landscape_view`),
  boolean('disableComments', sql`r.settings_disable_comments`),
  boolean('disableAmount', sql`r.settings_disable_amount`),
  boolean('locked', sql`r.settings_locked`),
]

export const nutritionKeys = [
  'calories',
  'carbohydrateContent',
  'cholesterolContent',
  'fatContent',
  'fiberContent',
  'proteinContent',
  'saturatedFatContent',
  'sodiumContent',
  'sugarContent',
  'transFatContent',
  'unsaturatedFatContent',
] as const

/** Recipe: the summary's fields, then the whole recipe's. */
export const recipeFields: WireObject = [
  ...recipeSummaryFields,
  {
    key: 'recipeIngredient',
    kind: 'list',
    rows: {
      from: sql`recipe_ingredients i`,
      where: sql`i.recipe_id = r.id`,
      order: sql`i.position`,
      lateral: 'ingredients',
    },
    item: ingredientFields,
  },
  {
    key: 'recipeInstructions',
    kind: 'list',
    rows: {
      from: sql`recipe_instructions st`,
      where: sql`st.recipe_id = r.id`,
      order: sql`st.position`,
      lateral: 'steps',
    },
    item: stepFields,
  },
  { key: 'nutrition', kind: 'keyed', value: sql`r.nutrition`, keys: nutritionKeys },
  { key: 'settings', kind: 'object', fields: settingsFields },
  { key: 'assets', kind: 'objects', value: sql`r.assets`, keys: ['name', 'icon', 'fileName'], nullable: false },
  { key: 'notes', kind: 'objects', value: sql`r.notes`, keys: ['title', 'text'], nullable: false },
  record('extras', sql`r.extras`),
  {
    key: 'comments',
    kind: 'list',
    rows: {
      from: sql`recipe_comments cm join users cu on cu.id = cm.user_id`,
      where: sql`cm.recipe_id = r.id`,
      order: sql`cm.created_at`,
      lateral: 'comments',
    },
    item: commentFields,
  },
]

/** The fields of `fields` named by `keys`, in the order of `keys` (what a reader in Node needs of an object). */
export function pick(fields: WireObject, keys: readonly string[]): WireObject {
  return keys.map((key) => {
    const found = fields.find((field) => field.key === key)
    if (!found) throw new Error(`No wire field ${key}`)
    return found
  })
}
