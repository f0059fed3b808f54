import type { Recipe, RecipeSummary } from '@larder/contracts'
import { ingredientDisplay, type DisplayFood, type DisplayUnit } from '@larder/kitchen'
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { executePrepared, preparedRawStatement } from '../../db/prepared.js'
import { PreserializedJson } from '../../http/preserialized-json.js'
import type { Scope } from '../../http/scope.js'
import { isUuid } from './repo.js'

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
  // Inside a recipe every ingredient follows the recipe's setting (docs/mealie-compatibility.md "Recipe model").
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

/** A left-joined row's object text, or `null` when the join found no row (`alias.id` is null). */
const joinedObjectText = (alias: string, text: SQL) =>
  sql`case when ${sql.raw(alias)}.id is null then 'null' else ${text} end`

const organizerText = (table: string) =>
  objectText([
    ['id', jsonOf(sql.raw(`${table}.id`))],
    ['name', jsonOf(sql.raw(`${table}.name`))],
    ['slug', jsonOf(sql.raw(`${table}.slug`))],
  ])

/** organizerTables with each list as the text of its array's members, joined by commas. */
const organizerTextTables = sql`
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
    [
      'onHand',
      sql`case when bool_or(th.household_id = ${sql.placeholder('householdId')}) then 'true' else 'false' end`,
    ],
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

const arrayText = (items: SQL) => sql`'[' || coalesce(${items}, '') || ']'`

// Every field of RecipeSummary, in its schema's order; nothing else reaches the wire. `organizers` are the members of
// each organizer list's JSON array (NULL for none).
function summaryFieldTexts(organizers: { categories: SQL; tags: SQL; tools: SQL }): Array<readonly [string, SQL]> {
  return [
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
    ['recipeCategory', arrayText(organizers.categories)],
    ['tags', arrayText(organizers.tags)],
    ['tools', arrayText(organizers.tools)],
    ['rating', numberOf(sql`r.rating`)],
    ['orgURL', jsonOf(sql`r.org_url`)],
    ['dateAdded', jsonOf(sql`r.date_added`)],
    ['dateUpdated', instantOf(sql`r.date_updated`)],
    ['createdAt', instantOf(sql`r.created_at`)],
    ['updatedAt', instantOf(sql`r.updated_at`)],
    ['lastMade', instantOf(sql`r.last_made`)],
  ]
}

const summaryText = objectText(
  summaryFieldTexts({
    categories: sql`page_categories.items`,
    tags: sql`page_tags.items`,
    tools: sql`page_tools.items`,
  }),
)

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
  const [row] = await summariesStatement(ex, {
    ids: `{${wanted.join(',')}}`,
    groupId: scope.groupId,
    householdId: scope.householdId,
  })
  const [items, plain] = row ?? []
  if (!items || plain?.toString() !== 't') return recipeSummaries(ex, scope, wanted)
  return new PreserializedJson(items)
}

// As `documents`: one array parameter of checked ids, so the text is fixed; it is rendered once here, not per page
// (drizzle rendered this long text anew on every call, more Node CPU than PostgreSQL spent running it).
const summariesStatement = preparedRawStatement(sql`
    with wanted as (select held.id, held.page_position from unnest(${sql.placeholder('ids')}::uuid[])
        with ordinality as held(id, page_position)),
      page as (select r.*, wanted.page_position from recipes r join wanted on wanted.id = r.id
        where r.group_id = ${sql.placeholder('groupId')}),
    ${organizerTextTables}
    select '[' || coalesce(string_agg(${summaryText}, ',' order by r.page_position), '') || ']' as items,
      coalesce(bool_and(${summaryIsPlain}), true) as plain
    from page r ${organizerJoins}`)

// ——— One whole recipe as its answer's final JSON text (GET /api/recipes/{slug}).
// Measured on the 10k bench library (CPU per read, 104 recipes × 5): the two statements of the read cost PostgreSQL
// 2.5 ms and Node 2 ms. The document statement was planned anew on every call (custom plans: its `= any(array)`
// made the generic plan look ten times dearer), the lookup by slug was an unprepared `select *` of a 3.6 KB row, and
// Node parsed the document, copied it into the answer's shape and serialised it again. Here one prepared statement,
// keyed by `group_id = $ and slug = $` (or id), which the plan cache keeps as a generic plan, writes the answer's
// text; Node only writes each ingredient's `display` (packages/kitchen, from a few fields the statement sends beside
// the text) into the places the statement marks.

/** Where an ingredient's display goes: a byte that no JSON text holds raw (to_json escapes control characters). */
const displayMark = 0x01

/** The caller's household (onHand), a placeholder: the statement is written once (preparedRawStatement). */
const callerHousehold = sql.placeholder('householdId')

const uuidText = (value: SQL) => jsonOf(value)
const booleanText = (value: SQL) => sql`case when ${value} then 'true' else 'false' end`

/**
 * A jsonb object of text values (extras) as JSON.parse + the serialiser write it: its keys in jsonb's order, compact.
 * JavaScript puts keys that are array indexes first and the serialiser coerces values to strings, so an object with
 * such a key or a value other than a string is not `plainRecord`.
 */
const recordText = (value: SQL) => sql`('{' || coalesce((select string_agg(to_json(e.key)::text || ':'
  || to_json(e.value)::text, ',' order by e.n) from jsonb_each_text(${value}) with ordinality as e(key, value, n)), '')
  || '}')`
const plainRecord = (value: SQL) => sql`(jsonb_typeof(${value}) = 'object' and not exists (select 1
  from jsonb_each(${value}) e where jsonb_typeof(e.value) <> 'string' or e.key ~ '^(0|[1-9][0-9]{0,9})$'))`

/** A jsonb array of objects as the serialiser writes it: only `keys`, in this order, each a string (or null). */
const objectsText = (value: SQL, keys: readonly string[]) =>
  sql`('[' || coalesce((select string_agg(${objectText(
    keys.map((key) => [key, jsonOf(sql.raw(`(e.item ->> '${key}')`))] as const),
  )}, ',' order by e.n) from jsonb_array_elements(${value}) with ordinality as e(item, n)), '') || ']')`
const plainObjects = (value: SQL, keys: readonly string[], nullable: boolean) => sql`(jsonb_typeof(${value}) = 'array'
  and not exists (select 1 from jsonb_array_elements(${value}) e(item) where jsonb_typeof(e.item) <> 'object' or ${sql.raw(
    keys
      .map(
        (key) => `coalesce(jsonb_typeof(e.item -> '${key}'), 'missing') not in ('string'${nullable ? `, 'null'` : ''})`,
      )
      .join(' or '),
  )}))`

const aliasesText = (table: string, column: string, owner: string) =>
  sql.raw(`('[' || coalesce((select string_agg('{"name":' || to_json(a.name)::text || '}', ',' order by a.name)
    from ${table} a where a.${column} = ${owner}.id), '') || ']')`)

const unitText = objectText([
  ['id', uuidText(sql`u.id`)],
  ['name', jsonOf(sql`u.name`)],
  ['pluralName', jsonOf(sql`u.plural_name`)],
  ['description', jsonOf(sql`u.description`)],
  ['extras', recordText(sql`u.extras`)],
  ['fraction', booleanText(sql`u.fraction`)],
  ['abbreviation', jsonOf(sql`u.abbreviation`)],
  ['pluralAbbreviation', jsonOf(sql`u.plural_abbreviation`)],
  ['useAbbreviation', booleanText(sql`u.use_abbreviation`)],
  ['aliases', aliasesText('ingredient_unit_aliases', 'unit_id', 'u')],
  ['createdAt', instantOf(sql`u.created_at`)],
  ['updatedAt', instantOf(sql`u.updated_at`)],
])

/**
 * `onHand` (in the caller's household) and the households that have it, of the food or tool `owner`: its rows in
 * `table` (ingredient_foods_on_hand, tools_on_hand) by `column`.
 */
const onHandFields = (table: string, column: string, owner: string, listKey: string) =>
  [
    [
      'onHand',
      booleanText(sql`exists (select 1 from ${sql.raw(table)} oh
        where oh.${sql.raw(column)} = ${sql.raw(owner)}.id and oh.household_id = ${callerHousehold})`),
    ],
    [
      listKey,
      sql`('[' || coalesce((select string_agg(to_json(h.slug)::text, ',' order by h.slug)
        from ${sql.raw(table)} oh join households h on h.id = oh.household_id
        where oh.${sql.raw(column)} = ${sql.raw(owner)}.id), '') || ']')`,
    ],
  ] as const

const foodText = objectText([
  ['id', uuidText(sql`f.id`)],
  ['name', jsonOf(sql`f.name`)],
  ['pluralName', jsonOf(sql`f.plural_name`)],
  ['description', jsonOf(sql`f.description`)],
  ['extras', recordText(sql`f.extras`)],
  ...onHandFields('ingredient_foods_on_hand', 'food_id', 'f', 'householdsWithIngredientFood'),
  ['labelId', uuidText(sql`f.label_id`)],
  [
    'label',
    joinedObjectText(
      'l',
      objectText([
        ['id', uuidText(sql`l.id`)],
        ['name', jsonOf(sql`l.name`)],
        ['color', jsonOf(sql`l.color`)],
        ['groupId', uuidText(sql`l.group_id`)],
      ]),
    ),
  ],
  ['aliases', aliasesText('ingredient_food_aliases', 'food_id', 'f')],
  ['createdAt', instantOf(sql`f.created_at`)],
  ['updatedAt', instantOf(sql`f.updated_at`)],
])

// Inside a recipe every ingredient follows the recipe's setting (docs/mealie-compatibility.md "Recipe model"): isFood and disableAmount.
const ingredientText = objectText([
  ['quantity', numberOf(sql`i.quantity`)],
  ['unit', joinedObjectText('u', unitText)],
  ['food', joinedObjectText('f', foodText)],
  ['note', jsonOf(sql`i.note`)],
  ['isFood', booleanText(sql`not r.settings_disable_amount`)],
  ['disableAmount', booleanText(sql`r.settings_disable_amount`)],
  ['display', sql`chr(${sql.raw(String(displayMark))})`],
  ['title', jsonOf(sql`i.title`)],
  ['originalText', jsonOf(sql`i.original_text`)],
  ['referenceId', uuidText(sql`i.reference_id`)],
  [
    'referencedRecipe',
    joinedObjectText(
      's',
      objectText([
        ['id', uuidText(sql`s.id`)],
        ['name', jsonOf(sql`s.name`)],
        ['slug', jsonOf(sql`s.slug`)],
        ['recipeServings', numberOf(sql`s.recipe_servings`)],
        ['recipeYieldQuantity', numberOf(sql`s.recipe_yield_quantity`)],
      ]),
    ),
  ],
])

/** What `ingredientDisplay` reads of an ingredient: [quantity, unit, food, note]. */
const displayInputText = sql`'[' || ${numberOf(sql`i.quantity`)} || ',' || ${joinedObjectText(
  'u',
  objectText([
    ['name', jsonOf(sql`u.name`)],
    ['pluralName', jsonOf(sql`u.plural_name`)],
    ['abbreviation', jsonOf(sql`u.abbreviation`)],
    ['pluralAbbreviation', jsonOf(sql`u.plural_abbreviation`)],
    ['useAbbreviation', booleanText(sql`u.use_abbreviation`)],
    ['fraction', booleanText(sql`u.fraction`)],
  ]),
)} || ',' || ${joinedObjectText(
  'f',
  objectText([
    ['name', jsonOf(sql`f.name`)],
    ['pluralName', jsonOf(sql`f.plural_name`)],
  ]),
)} || ',' || ${jsonOf(sql`i.note`)} || ']'`

const ingredientIsPlain = sql`${plainNumber(sql`i.quantity`)} and ${plainNumber(sql`s.recipe_servings`)}
  and ${plainNumber(sql`s.recipe_yield_quantity`)} and ${plainInstant(sql`u.created_at`)}
  and ${plainInstant(sql`u.updated_at`)} and ${plainInstant(sql`f.created_at`)} and ${plainInstant(sql`f.updated_at`)}
  and (u.id is null or ${plainRecord(sql`u.extras`)}) and (f.id is null or ${plainRecord(sql`f.extras`)})`

/** The recipe's organizers of one kind, by its id array, as the members of their JSON array. */
const organizersOf = (table: string, ids: string) =>
  sql`(select string_agg(${organizerText('o')}, ',' order by o.name) from ${sql.raw(table)} o
    where o.id = any(r.${sql.raw(ids)}))`

const toolsText = sql`(select string_agg(${objectText([
  ['id', uuidText(sql`o.id`)],
  ['name', jsonOf(sql`o.name`)],
  ['slug', jsonOf(sql`o.slug`)],
  ...onHandFields('tools_on_hand', 'tool_id', 'o', 'householdsWithTool'),
])}, ',' order by o.name) from tools o where o.id = any(r.tool_ids))`

const stepText = objectText([
  ['id', uuidText(sql`st.id`)],
  ['title', jsonOf(sql`st.title`)],
  ['summary', jsonOf(sql`st.summary`)],
  ['text', jsonOf(sql`st.text`)],
  ['ingredientReferences', objectsText(sql`st.ingredient_references`, ['referenceId'])],
])

const commentText = objectText([
  ['id', uuidText(sql`cm.id`)],
  ['recipeId', uuidText(sql`cm.recipe_id`)],
  ['text', jsonOf(sql`cm.text`)],
  ['createdAt', instantOf(sql`cm.created_at`)],
  ['updatedAt', instantOf(sql`cm.updated_at`)],
  ['userId', uuidText(sql`cm.user_id`)],
  [
    'user',
    objectText([
      ['id', uuidText(sql`cu.id`)],
      ['username', jsonOf(sql`cu.username`)],
      ['admin', booleanText(sql`cu.admin`)],
      ['fullName', jsonOf(sql`cu.full_name`)],
    ]),
  ],
])

// toRecipe writes every nutrition key, null where the stored document has none.
const nutritionText = sql`case when r.nutrition is null or jsonb_typeof(r.nutrition) = 'null' then 'null' else ${objectText(
  nutritionKeys.map((key) => [key, jsonOf(sql.raw(`(r.nutrition ->> '${key}')`))] as const),
)} end`
const nutritionIsPlain = sql`(r.nutrition is null or jsonb_typeof(r.nutrition) = 'null'
  or (jsonb_typeof(r.nutrition) = 'object' and ${sql.raw(
    nutritionKeys
      .map((key) => `coalesce(jsonb_typeof(r.nutrition -> '${key}'), 'null') in ('string', 'null')`)
      .join(' and '),
  )}))`

const assetKeys = ['name', 'icon', 'fileName'] as const
const noteKeys = ['title', 'text'] as const

const recipeText = objectText([
  ...summaryFieldTexts({
    categories: organizersOf('categories', 'category_ids'),
    tags: organizersOf('tags', 'tag_ids'),
    tools: toolsText,
  }),
  ['recipeIngredient', arrayText(sql`ingredients.items`)],
  ['recipeInstructions', arrayText(sql`steps.items`)],
  ['nutrition', nutritionText],
  [
    'settings',
    objectText([
      ['public', booleanText(sql`r.settings_public`)],
      ['showNutrition', booleanText(sql`r.settings_show_nutrition`)],
      ['showAssets', booleanText(sql`r.settings_show_assets`)],
      ['landscapeView', booleanText(sql`r.settings_landscape_view`)],
      ['disableComments', booleanText(sql`r.settings_disable_comments`)],
      ['disableAmount', booleanText(sql`r.settings_disable_amount`)],
      ['locked', booleanText(sql`r.settings_locked`)],
    ]),
  ],
  ['assets', objectsText(sql`r.assets`, assetKeys)],
  ['notes', objectsText(sql`r.notes`, noteKeys)],
  ['extras', recordText(sql`r.extras`)],
  ['comments', arrayText(sql`comments.items`)],
])

const recipeIsPlain = sql`${summaryIsPlain} and coalesce(ingredients.plain, true) and coalesce(steps.plain, true)
  and coalesce(comments.plain, true) and ${nutritionIsPlain} and ${plainObjects(sql`r.assets`, assetKeys, false)}
  and ${plainObjects(sql`r.notes`, noteKeys, false)} and ${plainRecord(sql`r.extras`)}`

function recipeStatement(matches: SQL): SQL {
  return sql`
    select ${recipeText} as document,
      '{"disableAmount":' || ${booleanText(sql`r.settings_disable_amount`)} || ',"ingredients":['
        || coalesce(ingredients.inputs, '') || ']}' as display_inputs,
      ${recipeIsPlain} as plain, r.id::text as id, ${instantOf(sql`r.updated_at`)} as updated_at
    from recipes r
    left join lateral (select string_agg(${ingredientText}, ',' order by i.position) as items,
        string_agg(${displayInputText}, ',' order by i.position) as inputs, bool_and(${ingredientIsPlain}) as plain
      from recipe_ingredients i left join ingredient_units u on u.id = i.unit_id
        left join ingredient_foods f on f.id = i.food_id left join multi_purpose_labels l on l.id = f.label_id
        left join recipes s on s.id = i.referenced_recipe_id
      where i.recipe_id = r.id) ingredients on true
    left join lateral (select string_agg(${stepText}, ',' order by st.position) as items,
        bool_and(${plainObjects(sql`st.ingredient_references`, ['referenceId'], true)}) as plain
      from recipe_instructions st where st.recipe_id = r.id) steps on true
    left join lateral (select string_agg(${commentText}, ',' order by cm.created_at) as items,
        bool_and(${plainInstant(sql`cm.created_at`)} and ${plainInstant(sql`cm.updated_at`)}) as plain
      from recipe_comments cm join users cu on cu.id = cm.user_id where cm.recipe_id = r.id) comments on true
    where r.group_id = ${sql.placeholder('groupId')} and ${matches}`
}

// Two fixed texts, each prepared once per connection: findByKey's rule, a uuid names the id, anything else the slug.
const recipeById = preparedRawStatement(recipeStatement(sql`r.id = ${sql.placeholder('key')}::uuid`))
const recipeBySlug = preparedRawStatement(recipeStatement(sql`r.slug = ${sql.placeholder('key')}`))

type DisplayInput = [quantity: number | null, unit: DisplayUnit | null, food: DisplayFood | null, note: string | null]

/** The document with each ingredient's display written at its mark, in order. */
function withDisplays(document: Buffer, inputs: Buffer): Buffer {
  const { disableAmount, ingredients } = JSON.parse(inputs.toString()) as {
    disableAmount: boolean
    ingredients: DisplayInput[]
  }
  const parts: Buffer[] = []
  let from = 0
  for (const [quantity, unit, food, note] of ingredients) {
    const at = document.indexOf(displayMark, from)
    if (at < 0) throw new Error('A recipe document has fewer display marks than ingredients')
    parts.push(document.subarray(from, at))
    parts.push(Buffer.from(JSON.stringify(ingredientDisplay({ quantity, unit, food, note }, { disableAmount }))))
    from = at + 1
  }
  if (document.indexOf(displayMark, from) >= 0)
    throw new Error('A recipe document has more display marks than ingredients')
  parts.push(document.subarray(from))
  return Buffer.concat(parts)
}

/** A recipe's answer and when it last changed (the Last-Modified header). */
export interface RecipeAnswer {
  answer: PreserializedJson<Recipe> | Recipe
  updatedAt: string | null
}

/**
 * The recipe of the scope's group named by slug or id (`findByKey`'s rule), as the bytes `loadRecipes` + the
 * serialiser would write, in one statement; null when there is none. A recipe holding a value whose text PostgreSQL
 * and JavaScript write differently (`plainNumber`, `plainInstant`, `plainRecord`, `plainObjects`) is read through
 * `loadRecipes` instead.
 */
export async function recipeJson(ex: Executor, scope: Scope, key: string): Promise<RecipeAnswer | null> {
  const values = { groupId: scope.groupId, householdId: scope.householdId }
  const [row] = isUuid(key)
    ? await recipeById(ex, { ...values, key: key.toLowerCase() })
    : await recipeBySlug(ex, { ...values, key })
  if (!row) return null
  const [document, inputs, plain, id, updatedAt] = row
  if (!document || !inputs || plain?.toString() !== 't') {
    const [recipe] = await loadRecipes(ex, scope, [id!.toString()])
    return recipe ? { answer: recipe, updatedAt: recipe.updatedAt } : null
  }
  return {
    answer: new PreserializedJson(withDisplays(document, inputs)),
    updatedAt: updatedAt ? (JSON.parse(updatedAt.toString()) as string | null) : null,
  }
}
