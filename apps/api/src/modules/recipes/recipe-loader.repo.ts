import type { Recipe, RecipeSummary } from '@larder/contracts'
import { ingredientDisplay, type DisplayFood, type DisplayUnit } from '@larder/kitchen'
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { executePrepared, preparedRawStatement } from '../../db/prepared.js'
import { PreserializedJson } from '../../http/preserialized-json.js'
import type { Scope } from '../../http/scope.js'
import { isUuid } from './repo.js'
import {
  ingredientFields,
  organizerFields,
  pick,
  recipeFields,
  recipeSummaryFields,
  toolFields,
  type OrganizerList,
  type WireField,
  type WireObject,
} from './recipe-wire-fields.repo.js'
import { jsonAggregate, jsonObject, shapeDocument } from './recipe-wire-json.repo.js'
import {
  allPlain,
  booleanText,
  displayMark,
  fieldText,
  instantOf,
  lateralLists,
  textObject,
} from './recipe-wire-text.repo.js'

/**
 * Reads recipes whole (Recipe) or as list items (RecipeSummary) in one statement each: every recipe is built as one
 * JSON document by PostgreSQL, its organizers once per statement and its other lists from correlated sub-queries on
 * indexed foreign keys, so a read costs one round trip whatever the number of ingredients, steps, organizers or
 * comments; the statement's text is the same for every call, so it is a prepared statement, planned once per
 * connection. Share tokens, explore, export and the organizers' pages read recipes through `loadRecipes` and
 * `recipeSummaries` (the area's index.ts). The objects' fields are in recipe-wire-fields.repo.ts; this file holds
 * the statements around them.
 */

// Organizers by the recipe's id arrays (kept equal to the link tables by triggers, migration 0004), built once per
// statement rather than once per recipe: the page's ids are hash-joined with each organizer table, and a tool's
// document (on hand in the caller's household, the households that have it) is built once however many recipes of
// the page use it. Sub-queries per recipe scanned each organizer table 50 times for a page and built a tool's
// document once per use: 40 % of the list statement's CPU. Written by either encoder: `object` writes an object of
// a wire table, `aggregate` a page recipe's list of them.
function organizerTables(object: (fields: WireObject) => SQL, aggregate: (item: SQL, order: SQL) => SQL): SQL {
  const named = (list: 'categories' | 'tags') => sql`
  ${sql.raw(`page_${list}`)} as (select p.id, ${aggregate(object(organizerFields), sql`o.name`)} as items
    from page p cross join lateral unnest(p.${sql.raw(organizerIds[list])}) as held(id)
      join ${sql.raw(list)} o on o.id = held.id
    group by p.id)`
  return sql`${named('categories')},${named('tags')},
  tool_documents as materialized (select o.id, o.name, ${object(toolFields('grouped'))} as document
    from tools o left join tools_on_hand th on th.tool_id = o.id left join households h on h.id = th.household_id
    where o.id in (select unnest(tool_ids) from page)
    group by o.id),
  page_tools as (select p.id, ${aggregate(sql`d.document`, sql`d.name`)} as items
    from page p cross join lateral unnest(p.tool_ids) as held(id) join tool_documents d on d.id = held.id
    group by p.id)`
}

/** The recipe's column holding the ids of its organizers of each kind. */
const organizerIds = { categories: 'category_ids', tags: 'tag_ids', tools: 'tool_ids' } as const

const organizerJoins = sql`left join page_categories on page_categories.id = r.id
  left join page_tags on page_tags.id = r.id left join page_tools on page_tools.id = r.id`

type Json = Record<string, unknown>

const toSummary = (row: Json) => shapeDocument<RecipeSummary>(recipeSummaryFields, row)

function toRecipe(row: Json): Recipe {
  const recipe = shapeDocument<Recipe>(recipeFields, row)
  const { disableAmount } = recipe.settings
  for (const ingredient of recipe.recipeIngredient)
    ingredient.display = ingredientDisplay(ingredient, { disableAmount })
  return recipe
}

const jsonOrganizerTables = organizerTables(jsonObject, jsonAggregate)
const recipeDocument = jsonObject(recipeFields)
const summaryDocument = jsonObject(recipeSummaryFields)

async function documents(ex: Executor, scope: Scope, ids: readonly string[], document: SQL): Promise<Json[]> {
  const wanted = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (wanted.length === 0) return []
  // One array parameter rather than one per id: the same statement text for every page size, so it is prepared once
  // per connection. The ids are checked above, so the array literal holds nothing but them.
  const rows = await executePrepared<{ document: Json }>(
    ex,
    sql`
    with page as (select * from recipes r
      where r.group_id = ${scope.groupId} and r.id = any(${`{${wanted.join(',')}}`}::uuid[])),
    ${jsonOrganizerTables}
    select ${document} as document from page r ${organizerJoins}`,
    { householdId: scope.householdId },
  )
  const byId = new Map<string, Json>(rows.map((row) => [row.document.id as string, row.document]))
  return wanted.flatMap((id): Json[] => {
    const document = byId.get(id.toLowerCase())
    return document ? [document] : []
  })
}

/** Whole recipes of the scope's group, in the order of `ids`; ids of other groups or no recipe are left out. */
export async function loadRecipes(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Recipe[]> {
  return (await documents(ex, scope, ids, recipeDocument)).map(toRecipe)
}

/** List items of the scope's group, in the order of `ids`. */
export async function recipeSummaries(ex: Executor, scope: Scope, ids: readonly string[]): Promise<RecipeSummary[]> {
  return (await documents(ex, scope, ids, summaryDocument)).map(toSummary)
}

// ——— The list's items as their final JSON text (PreserializedJson), written by PostgreSQL (recipe-wire-text.repo.ts).

const textOrganizerTables = organizerTables(
  (fields) => textObject(fields),
  (item, order) => sql`string_agg(${item}, ',' order by ${order})`,
)

/**
 * The list items of `recipeSummaries` as their JSON array's final bytes, in the order of `ids`, for an answer sent as
 * it is (PreserializedJson). A page holding a value whose text PostgreSQL and JavaScript write differently (see
 * `plainChecks`) is read as objects instead, so that every answer stays what the serialiser writes.
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
    ${textOrganizerTables}
    select '[' || coalesce(string_agg(${textObject(recipeSummaryFields, (list) => sql.raw(`page_${list}.items`))}, ','
        order by r.page_position), '') || ']' as items,
      coalesce(bool_and(${allPlain(recipeSummaryFields)}), true) as plain
    from page r ${organizerJoins}`)

// ——— One whole recipe as its answer's final JSON text (GET /api/recipes/{slug}).
// Measured on the 10k bench library (CPU per read, 104 recipes × 5): the two statements of the read cost PostgreSQL
// 2.5 ms and Node 2 ms. The document statement was planned anew on every call (custom plans: its `= any(array)`
// made the generic plan look ten times dearer), the lookup by slug was an unprepared `select *` of a 3.6 KB row, and
// Node parsed the document, copied it into the answer's shape and serialised it again. Here one prepared statement,
// keyed by `group_id = $ and slug = $` (or id), which the plan cache keeps as a generic plan, writes the answer's
// text; Node only writes each ingredient's `display` (packages/kitchen, from a few fields the statement sends beside
// the text) into the places the statement marks (`displayMark`). Its lists are read by lateral joins, its organizers
// by sub-queries on its id arrays.

/** The recipe's organizers of one kind, by its id array, as the members of their JSON array. */
const organizersOfRecipe = (list: OrganizerList) =>
  sql`(select string_agg(${textObject(list === 'tools' ? toolFields('per tool') : organizerFields)}, ','
    order by o.name) from ${sql.raw(list)} o where o.id = any(r.${sql.raw(organizerIds[list])}))`

/** A joined field of `fields` with only its fields named by `keys`. */
function joinedPart(fields: WireObject, key: string, keys: readonly string[]): WireField {
  const [field] = pick(fields, [key])
  if (field?.kind !== 'joined') throw new Error(`${key} is not a joined object`)
  return { ...field, fields: pick(field.fields, keys) }
}

/** What `ingredientDisplay` reads of an ingredient: [quantity, unit, food, note]. */
const displayInputText = sql`'[' || ${sql.join(
  [
    ...pick(ingredientFields, ['quantity']),
    joinedPart(ingredientFields, 'unit', [
      'name',
      'pluralName',
      'abbreviation',
      'pluralAbbreviation',
      'useAbbreviation',
      'fraction',
    ]),
    joinedPart(ingredientFields, 'food', ['name', 'pluralName']),
    ...pick(ingredientFields, ['note']),
  ].map((field) => fieldText(field)),
  sql` || ',' || `,
)} || ']'`

function recipeStatement(matches: SQL): SQL {
  return sql`
    select ${textObject(recipeFields, organizersOfRecipe)} as document,
      '{"disableAmount":' || ${booleanText(sql`r.settings_disable_amount`)} || ',"ingredients":['
        || coalesce(ingredients.inputs, '') || ']}' as display_inputs,
      ${allPlain(recipeFields)} as plain, r.id::text as id, ${instantOf(sql`r.updated_at`)} as updated_at
    from recipes r
    ${lateralLists(recipeFields, { ingredients: sql`string_agg(${displayInputText}, ',' order by i.position) as inputs` })}
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
