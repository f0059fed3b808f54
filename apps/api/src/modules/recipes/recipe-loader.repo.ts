import type { Recipe, RecipeSummary } from '@larder/contracts'
import { ingredientDisplay } from '@larder/kitchen'
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { executePrepared } from '../../db/prepared.js'
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
