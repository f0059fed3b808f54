import { eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipes } from '../../db/schema/index.js'
import { listQuerySql, type ListQuery } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { recipeListSpecFor } from './list-spec.js'

export interface SuggestionCriteria {
  foods: readonly string[]
  tools: readonly string[]
  limit: number
  maxMissingFoods: number
  maxMissingTools: number
  includeFoodsOnHand: boolean
  includeToolsOnHand: boolean
}

export interface SuggestionRow {
  recipeId: string
  missingFoods: Record<string, unknown>[]
  missingTools: Record<string, unknown>[]
}

const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`array[]::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`

/** A food as IngredientFood, built by PostgreSQL like the recipe loader builds an ingredient's food. */
const foodJson = (scope: Scope) => sql`json_build_object(
  'id', f.id, 'name', f.name, 'pluralName', f.plural_name, 'description', f.description, 'extras', f.extras,
  'labelId', f.label_id, 'createdAt', f.created_at, 'updatedAt', f.updated_at,
  'label', (select json_build_object('id', l.id, 'name', l.name, 'color', l.color, 'groupId', l.group_id)
    from multi_purpose_labels l where l.id = f.label_id),
  'onHand', exists (select 1 from ingredient_foods_on_hand fh where fh.food_id = f.id and fh.household_id = ${scope.householdId}),
  'householdsWithIngredientFood', coalesce((select json_agg(h.slug order by h.slug)
    from ingredient_foods_on_hand fh join households h on h.id = fh.household_id where fh.food_id = f.id), '[]'::json),
  'aliases', coalesce((select json_agg(json_build_object('name', fa.name) order by fa.name)
    from ingredient_food_aliases fa where fa.food_id = f.id), '[]'::json))`

const toolJson = (scope: Scope) => sql`json_build_object('id', o.id, 'name', o.name, 'slug', o.slug,
  'onHand', exists (select 1 from tools_on_hand th where th.tool_id = o.id and th.household_id = ${scope.householdId}),
  'householdsWithTool', coalesce((select json_agg(h.slug order by h.slug) from tools_on_hand th
    join households h on h.id = th.household_id where th.tool_id = o.id), '[]'::json))`

/**
 * "What can I make" (docs/mealie-compatibility.md "Recipe suggestions") in one statement: what the caller has (the given foods and tools of the group,
 * plus the household's on-hand ones when asked), each recipe's missing and matched foods and missing tools counted by
 * GROUP BY over its ingredients and tools, the limits applied, and the page ordered by fewest missing foods, fewest
 * missing tools, most matched foods, then the requested order. A kind counts only when the caller has some of it:
 * with foods, only recipes that use amounts (`disableAmount` off) and hold at least one of them are suggested.
 */
export async function suggestionRows(
  ex: Executor,
  scope: Scope,
  criteria: SuggestionCriteria,
  query: ListQuery,
): Promise<SuggestionRow[]> {
  const spec = recipeListSpecFor(scope.userId)
  const list = listQuerySql(spec, query, { scope: eq(recipes.groupId, scope.groupId) })
  const foodsKnown = sql`exists (select 1 from have_foods)`
  const toolsKnown = sql`exists (select 1 from have_tools)`
  const conditions: SQL[] = [
    list.where ?? sql`true`,
    sql`(not ${foodsKnown} or (not ${recipes.settingsDisableAmount} and coalesce(fc.matched, 0) >= 1
      and coalesce(fc.missing, 0) <= ${criteria.maxMissingFoods}))`,
    sql`(not ${toolsKnown} or coalesce(tc.missing, 0) <= ${criteria.maxMissingTools})`,
  ]
  const rows = await ex.execute<{
    recipe_id: string
    missing_foods: SuggestionRow['missingFoods']
    missing_tools: SuggestionRow['missingTools']
  }>(sql`
    with have_foods as (
      select f.id from ingredient_foods f where f.group_id = ${scope.groupId} and f.id = any(${uuidArray(criteria.foods)})
      union
      select fh.food_id from ingredient_foods_on_hand fh
        where ${criteria.includeFoodsOnHand} and fh.household_id = ${scope.householdId}
    ),
    have_tools as (
      select o.id from tools o where o.group_id = ${scope.groupId} and o.id = any(${uuidArray(criteria.tools)})
      union
      select th.tool_id from tools_on_hand th
        where ${criteria.includeToolsOnHand} and th.household_id = ${scope.householdId}
    ),
    food_counts as (
      select i.recipe_id,
        count(distinct i.food_id) filter (where hf.id is null)::int as missing,
        count(distinct i.food_id) filter (where hf.id is not null)::int as matched,
        array_agg(distinct i.food_id) filter (where hf.id is null) as missing_ids
      from recipe_ingredients i
      join recipes gr on gr.id = i.recipe_id and gr.group_id = ${scope.groupId}
      left join have_foods hf on hf.id = i.food_id
      where i.food_id is not null
      group by i.recipe_id
    ),
    tool_counts as (
      select rt.recipe_id,
        count(*) filter (where ht.id is null)::int as missing,
        array_agg(rt.tool_id) filter (where ht.id is null) as missing_ids
      from recipes_to_tools rt
      join recipes gr on gr.id = rt.recipe_id and gr.group_id = ${scope.groupId}
      left join have_tools ht on ht.id = rt.tool_id
      group by rt.recipe_id
    )
    select ${recipes.id} as recipe_id,
      case when ${foodsKnown} then coalesce((select json_agg(${foodJson(scope)} order by f.name)
        from ingredient_foods f where f.id = any(fc.missing_ids)), '[]'::json) else '[]'::json end as missing_foods,
      case when ${toolsKnown} then coalesce((select json_agg(${toolJson(scope)} order by o.name)
        from tools o where o.id = any(tc.missing_ids)), '[]'::json) else '[]'::json end as missing_tools
    from ${recipes}
    left join food_counts fc on fc.recipe_id = ${recipes.id}
    left join tool_counts tc on tc.recipe_id = ${recipes.id}
    where ${sql.join(conditions, sql` and `)}
    order by
      case when ${foodsKnown} then coalesce(fc.missing, 0) else 0 end asc,
      case when ${toolsKnown} then coalesce(tc.missing, 0) else 0 end asc,
      coalesce(fc.matched, 0) desc,
      ${sql.join(list.orderBy, sql`, `)}
    limit ${criteria.limit}`)
  return rows.map((row) => ({
    recipeId: row.recipe_id,
    missingFoods: row.missing_foods,
    missingTools: row.missing_tools,
  }))
}
