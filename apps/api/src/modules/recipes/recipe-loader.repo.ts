import type { Recipe, RecipeSummary } from '@larder/contracts'
import { ingredientDisplay } from '@larder/kitchen'
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { executePrepared, executePreparedRaw } from '../../db/prepared.js'
import { PreserializedJson } from '../../http/preserialized-json.js'
import type { Scope } from '../../http/scope.js'

/**
 * Reads recipes whole (Recipe) or as list items (RecipeSummary) in one statement each: every recipe is built as one
 * JSON document by PostgreSQL, its organizers once per statement and its other lists from correlated sub-queries on
 * indexed foreign keys, so a read costs one round trip whatever the number of ingredients, steps, organizers or
 * comments; the statement's text is the same for every call, so it is a prepared statement, planned once per
 * connection. Share tokens, explore and export read
 * recipes through these two functions (the area's index.ts).
 */

const summaryFields = sql`
  'id', r.id, 'userId', r.user_id, 'householdId', r.household_id, 'groupId', r.group_id,
  'name', r.name, 'slug', r.slug, 'image', r.image,
  'recipeServings', r.recipe_servings, 'recipeYieldQuantity', r.recipe_yield_quantity, 'recipeYield', r.recipe_yield,
  'totalTime', r.total_time, 'prepTime', r.prep_time, 'cookTime', r.cook_time, 'performTime', r.perform_time,
  'description', r.description, 'rating', r.rating, 'orgURL', r.org_url, 'dateAdded', r.date_added,
  'dateUpdated', r.date_updated, 'createdAt', r.created_at, 'updatedAt', r.updated_at, 'lastMade', r.last_made`

// Organizers by the recipe's id arrays (kept equal to the link tables by triggers, migration 0004), built once per
// statement rather than once per recipe: the page's ids are hash-joined with each organizer table, and a tool's
// document (on hand in the caller's household, the households that have it) is built once however many recipes of
// the page use it. Sub-queries per recipe scanned each organizer table 50 times for a page and built a tool's
// document once per use: 40 % of the list statement's CPU.
function organizerTables(scope: Scope): SQL {
  return sql`
  page_categories as (select p.id, json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
      order by c.name) as items
    from page p cross join lateral unnest(p.category_ids) as held(id) join categories c on c.id = held.id
    group by p.id),
  page_tags as (select p.id, json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
      order by t.name) as items
    from page p cross join lateral unnest(p.tag_ids) as held(id) join tags t on t.id = held.id
    group by p.id),
  tool_documents as materialized (select o.id, o.name, json_build_object('id', o.id, 'name', o.name, 'slug', o.slug,
      'onHand', coalesce(bool_or(th.household_id = ${scope.householdId}), false),
      'householdsWithTool', coalesce(json_agg(h.slug order by h.slug) filter (where h.slug is not null), '[]'::json))
      as document
    from tools o left join tools_on_hand th on th.tool_id = o.id left join households h on h.id = th.household_id
    where o.id in (select unnest(tool_ids) from page)
    group by o.id),
  page_tools as (select p.id, json_agg(d.document order by d.name) as items
    from page p cross join lateral unnest(p.tool_ids) as held(id) join tool_documents d on d.id = held.id
    group by p.id)`
}

const organizerFields = sql`
  'recipeCategory', coalesce(page_categories.items, '[]'::json), 'tags', coalesce(page_tags.items, '[]'::json),
  'tools', coalesce(page_tools.items, '[]'::json)`

const organizerJoins = sql`left join page_categories on page_categories.id = r.id
  left join page_tags on page_tags.id = r.id left join page_tools on page_tools.id = r.id`

// Each related row is a scalar sub-query rather than a join: the statement is planned on every read, and
// sub-queries on primary keys plan in a fraction of the time a five-table join order search takes.
function ingredientsSql(scope: Scope): SQL {
  return sql`
  'recipeIngredient', coalesce((select json_agg(json_build_object(
      'quantity', i.quantity, 'note', i.note, 'title', i.title, 'originalText', i.original_text,
      'referenceId', i.reference_id,
      'unit', (select json_build_object(
        'id', u.id, 'name', u.name, 'pluralName', u.plural_name, 'description', u.description, 'extras', u.extras,
        'fraction', u.fraction, 'abbreviation', u.abbreviation, 'pluralAbbreviation', u.plural_abbreviation,
        'useAbbreviation', u.use_abbreviation, 'createdAt', u.created_at, 'updatedAt', u.updated_at,
        'aliases', coalesce((select json_agg(json_build_object('name', ua.name) order by ua.name)
          from ingredient_unit_aliases ua where ua.unit_id = u.id), '[]'::json))
        from ingredient_units u where u.id = i.unit_id),
      'food', (select json_build_object(
        'id', f.id, 'name', f.name, 'pluralName', f.plural_name, 'description', f.description, 'extras', f.extras,
        'labelId', f.label_id, 'createdAt', f.created_at, 'updatedAt', f.updated_at,
        'label', (select json_build_object('id', l.id, 'name', l.name, 'color', l.color, 'groupId', l.group_id)
          from multi_purpose_labels l where l.id = f.label_id),
        'onHand', exists (select 1 from ingredient_foods_on_hand fh
          where fh.food_id = f.id and fh.household_id = ${scope.householdId}),
        'householdsWithIngredientFood', coalesce((select json_agg(h.slug order by h.slug)
          from ingredient_foods_on_hand fh join households h on h.id = fh.household_id where fh.food_id = f.id),
          '[]'::json),
        'aliases', coalesce((select json_agg(json_build_object('name', fa.name) order by fa.name)
          from ingredient_food_aliases fa where fa.food_id = f.id), '[]'::json))
        from ingredient_foods f where f.id = i.food_id),
      'referencedRecipe', (select json_build_object('id', s.id, 'name', s.name, 'slug', s.slug,
        'recipeServings', s.recipe_servings, 'recipeYieldQuantity', s.recipe_yield_quantity)
        from recipes s where s.id = i.referenced_recipe_id)
    ) order by i.position)
    from recipe_ingredients i where i.recipe_id = r.id), '[]'::json)`
}

const fullFields = sql`
  'recipeInstructions', coalesce((select json_agg(json_build_object('id', st.id, 'title', st.title,
      'summary', st.summary, 'text', st.text, 'ingredientReferences', st.ingredient_references) order by st.position)
    from recipe_instructions st where st.recipe_id = r.id), '[]'::json),
  'comments', coalesce((select json_agg(json_build_object('id', cm.id, 'recipeId', cm.recipe_id, 'text', cm.text,
      'createdAt', cm.created_at, 'updatedAt', cm.updated_at, 'userId', cm.user_id,
      'user', json_build_object('id', cu.id, 'username', cu.username, 'admin', cu.admin, 'fullName', cu.full_name))
      order by cm.created_at)
    from recipe_comments cm join users cu on cu.id = cm.user_id where cm.recipe_id = r.id), '[]'::json),
  'nutrition', r.nutrition, 'assets', r.assets, 'notes', r.notes, 'extras', r.extras,
  'settings', json_build_object('public', r.settings_public, 'showNutrition', r.settings_show_nutrition,
    'showAssets', r.settings_show_assets, 'landscapeView', r.settings_landscape_view,
    'disableComments', r.settings_disable_comments, 'disableAmount', r.settings_disable_amount,
    'locked', r.settings_locked)`

type Json = Record<string, unknown>

/** PostgreSQL's JSON timestamps (`…+00:00`) as the ISO text every other answer uses. */
function iso(value: unknown): string | null {
  return typeof value === 'string' ? new Date(value).toISOString() : null
}

function withDates<Row extends Json>(row: Row, fields: readonly string[]): Row {
  const copy: Json = { ...row }
  for (const field of fields) if (field in copy) copy[field] = iso(copy[field])
  return copy as Row
}

const rowDates = ['dateUpdated', 'createdAt', 'updatedAt', 'lastMade'] as const

function toSummary(row: Json): RecipeSummary {
  return withDates(row, rowDates) as unknown as RecipeSummary
}

const nutritionKeys = [
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

function toRecipe(row: Json): Recipe {
  const recipe = toSummary(row) as unknown as Recipe
  const settings = recipe.settings
  // Inside a recipe every ingredient follows the recipe's setting (reference §3.2).
  const isFood = !settings.disableAmount
  recipe.recipeIngredient = recipe.recipeIngredient.map((ingredient) => {
    const unit = ingredient.unit && withDates(ingredient.unit, ['createdAt', 'updatedAt'])
    const food = ingredient.food && withDates(ingredient.food, ['createdAt', 'updatedAt'])
    return {
      ...ingredient,
      unit,
      food,
      isFood,
      disableAmount: settings.disableAmount,
      display: ingredientDisplay({ ...ingredient, unit, food }, { disableAmount: settings.disableAmount }),
    }
  })
  recipe.comments = recipe.comments.map((comment) => withDates(comment, ['createdAt', 'updatedAt']))
  recipe.nutrition = recipe.nutrition
    ? (Object.fromEntries(nutritionKeys.map((key) => [key, recipe.nutrition?.[key] ?? null])) as Recipe['nutrition'])
    : null
  return recipe
}

async function documents(ex: Executor, scope: Scope, ids: readonly string[], fields: SQL): Promise<Json[]> {
  const wanted = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (wanted.length === 0) return []
  // One array parameter rather than one per id: the same statement text for every page size, so it is prepared once
  // per connection. The ids are checked above, so the array literal holds nothing but them.
  const rows = await executePrepared<{ document: Json }>(
    ex,
    sql`
    with page as (select * from recipes r
      where r.group_id = ${scope.groupId} and r.id = any(${`{${wanted.join(',')}}`}::uuid[])),
    ${organizerTables(scope)}
    select json_build_object(${fields}, ${organizerFields}) as document from page r ${organizerJoins}`,
  )
  const byId = new Map<string, Json>(rows.map((row) => [row.document.id as string, row.document]))
  return wanted.flatMap((id): Json[] => {
    const document = byId.get(id.toLowerCase())
    return document ? [document] : []
  })
}

/** Whole recipes of the scope's group, in the order of `ids`; ids of other groups or no recipe are left out. */
export async function loadRecipes(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Recipe[]> {
  const fields = sql`${summaryFields}, ${ingredientsSql(scope)}, ${fullFields}`
  return (await documents(ex, scope, ids, fields)).map(toRecipe)
}

/** List items of the scope's group, in the order of `ids`. */
export async function recipeSummaries(ex: Executor, scope: Scope, ids: readonly string[]): Promise<RecipeSummary[]> {
  return (await documents(ex, scope, ids, summaryFields)).map(toSummary)
}

// The list's items as their final JSON text (PreserializedJson), written by PostgreSQL: compact, in the order of
// RecipeSummary's schema, and with JSON.stringify's forms: to_json escapes text as JSON.stringify does, timestamps
// are written as Date#toISOString writes them (UTC, milliseconds, truncated as JavaScript's Date truncates
// microseconds), float8 in the shortest form that reads back (extra_float_digits ≥ 1). json_build_object and json_agg
// put spaces and line breaks between members, so the text is joined here.

/** A value as JSON text; SQL NULL as `null`. */
const jsonOf = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`

/**
 * A float8 as JSON text. `+ 0` turns -0 into 0, as JSON.stringify writes it. PostgreSQL writes an exponent below
 * 1e-4 and from 1e15 on, JavaScript only below 1e-7 and from 1e21 on: such values (and NaN, infinities) are not
 * `plainNumber`, and a page holding one is answered the parsed way.
 */
const numberOf = (value: SQL) => jsonOf(sql`${value} + 0`)
const plainNumber = (value: SQL) =>
  sql`(${value} is null or ${value} = 0 or (abs(${value}) >= 1e-4 and abs(${value}) < 1e15))`

/** A timestamptz as toISOString writes it; years outside 1–9999 (which it writes otherwise) are not plain. */
const instantOf = (value: SQL) =>
  sql`coalesce('"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`
const plainInstant = (value: SQL) =>
  sql`(${value} is null or (${value} >= '0001-01-01 00:00:00+00' and ${value} < '10000-01-01 00:00:00+00'))`

/** `{"key":value,…}` from pairs of a key and its value's JSON text. */
function objectText(fields: ReadonlyArray<readonly [string, SQL]>): SQL {
  const parts = fields.map(
    ([key, value], index) => sql`${sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`)} || ${value}`,
  )
  return sql`(${sql.join(parts, sql` || `)} || '}')`
}

const organizerText = (table: string) =>
  objectText([
    ['id', jsonOf(sql.raw(`${table}.id`))],
    ['name', jsonOf(sql.raw(`${table}.name`))],
    ['slug', jsonOf(sql.raw(`${table}.slug`))],
  ])

/** organizerTables with each list as the text of its array's members, joined by commas. */
function organizerTextTables(scope: Scope): SQL {
  return sql`
  page_categories as (select p.id, string_agg(${organizerText('c')}, ',' order by c.name) as items
    from page p cross join lateral unnest(p.category_ids) as held(id) join categories c on c.id = held.id
    group by p.id),
  page_tags as (select p.id, string_agg(${organizerText('t')}, ',' order by t.name) as items
    from page p cross join lateral unnest(p.tag_ids) as held(id) join tags t on t.id = held.id
    group by p.id),
  tool_documents as materialized (select o.id, o.name, ${objectText([
    ['id', jsonOf(sql`o.id`)],
    ['name', jsonOf(sql`o.name`)],
    ['slug', jsonOf(sql`o.slug`)],
    ['onHand', sql`case when bool_or(th.household_id = ${scope.householdId}) then 'true' else 'false' end`],
    [
      'householdsWithTool',
      sql`'[' || coalesce(string_agg(to_json(h.slug)::text, ',' order by h.slug) filter (where h.slug is not null), '')
        || ']'`,
    ],
  ])} as document
    from tools o left join tools_on_hand th on th.tool_id = o.id left join households h on h.id = th.household_id
    where o.id in (select unnest(tool_ids) from page)
    group by o.id),
  page_tools as (select p.id, string_agg(d.document, ',' order by d.name) as items
    from page p cross join lateral unnest(p.tool_ids) as held(id) join tool_documents d on d.id = held.id
    group by p.id)`
}

const arrayText = (items: SQL) => sql`'[' || coalesce(${items}, '') || ']'`

// Every field of RecipeSummary, in its schema's order; nothing else reaches the wire.
const summaryText = objectText([
  ['id', jsonOf(sql`r.id`)],
  ['userId', jsonOf(sql`r.user_id`)],
  ['householdId', jsonOf(sql`r.household_id`)],
  ['groupId', jsonOf(sql`r.group_id`)],
  ['name', jsonOf(sql`r.name`)],
  ['slug', jsonOf(sql`r.slug`)],
  ['image', jsonOf(sql`r.image`)],
  ['recipeServings', numberOf(sql`r.recipe_servings`)],
  ['recipeYieldQuantity', numberOf(sql`r.recipe_yield_quantity`)],
  ['recipeYield', jsonOf(sql`r.recipe_yield`)],
  ['totalTime', jsonOf(sql`r.total_time`)],
  ['prepTime', jsonOf(sql`r.prep_time`)],
  ['cookTime', jsonOf(sql`r.cook_time`)],
  ['performTime', jsonOf(sql`r.perform_time`)],
  ['description', jsonOf(sql`r.description`)],
  ['recipeCategory', arrayText(sql`page_categories.items`)],
  ['tags', arrayText(sql`page_tags.items`)],
  ['tools', arrayText(sql`page_tools.items`)],
  ['rating', numberOf(sql`r.rating`)],
  ['orgURL', jsonOf(sql`r.org_url`)],
  ['dateAdded', jsonOf(sql`r.date_added`)],
  ['dateUpdated', instantOf(sql`r.date_updated`)],
  ['createdAt', instantOf(sql`r.created_at`)],
  ['updatedAt', instantOf(sql`r.updated_at`)],
  ['lastMade', instantOf(sql`r.last_made`)],
])

const summaryIsPlain = sql`${plainNumber(sql`r.recipe_servings`)} and ${plainNumber(sql`r.recipe_yield_quantity`)}
  and ${plainNumber(sql`r.rating`)} and ${plainInstant(sql`r.date_updated`)} and ${plainInstant(sql`r.created_at`)}
  and ${plainInstant(sql`r.updated_at`)} and ${plainInstant(sql`r.last_made`)}`

/**
 * The list items of `recipeSummaries` as their JSON array's final bytes, in the order of `ids`, for an answer sent as
 * it is (PreserializedJson). A page holding a value whose text PostgreSQL and JavaScript write differently (see
 * `plainNumber`, `plainInstant`) is read as objects instead, so that every answer stays what the serialiser writes.
 */
export async function recipeSummariesJson(
  ex: Executor,
  scope: Scope,
  ids: readonly string[],
): Promise<PreserializedJson<RecipeSummary[]> | RecipeSummary[]> {
  const wanted = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (wanted.length === 0) return []
  // As `documents`: one array parameter, checked ids, so the text is fixed and prepared once per connection.
  const [row] = await executePreparedRaw(
    ex,
    sql`
    with wanted as (select held.id, held.page_position from unnest(${`{${wanted.join(',')}}`}::uuid[])
        with ordinality as held(id, page_position)),
      page as (select r.*, wanted.page_position from recipes r join wanted on wanted.id = r.id
        where r.group_id = ${scope.groupId}),
    ${organizerTextTables(scope)}
    select '[' || coalesce(string_agg(${summaryText}, ',' order by r.page_position), '') || ']' as items,
      coalesce(bool_and(${summaryIsPlain}), true) as plain
    from page r ${organizerJoins}`,
  )
  const [items, plain] = row ?? []
  if (!items || plain?.toString() !== 't') return recipeSummaries(ex, scope, wanted)
  return new PreserializedJson(items)
}
