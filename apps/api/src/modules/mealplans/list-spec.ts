import { PlanRulesOut, ReadPlanEntry } from '@larder/contracts'
import { mealPlanEntries, mealPlanRules } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What meal-plan lists filter and order on (docs/mealie-compatibility.md "Filter and order attributes"): ReadPlanEntry's own fields. */
export const mealPlanEntryListSpec = defineListSpec({
  table: mealPlanEntries,
  shows: ReadPlanEntry,
  columns: {
    id: mealPlanEntries.id,
    date: mealPlanEntries.date,
    entry_type: mealPlanEntries.entryType,
    title: mealPlanEntries.title,
    text: mealPlanEntries.text,
    recipe_id: mealPlanEntries.recipeId,
    group_id: mealPlanEntries.groupId,
    user_id: mealPlanEntries.userId,
    household_id: mealPlanEntries.householdId,
    locked: mealPlanEntries.locked,
    servings: mealPlanEntries.servings,
  },
  search: [mealPlanEntries.title, mealPlanEntries.text],
  defaultOrder: mealPlanEntries.date,
})

/** What rule lists filter and order on: PlanRulesOut's own fields. */
export const mealPlanRuleListSpec = defineListSpec({
  table: mealPlanRules,
  shows: PlanRulesOut,
  columns: {
    id: mealPlanRules.id,
    name: mealPlanRules.name,
    query_filter_string: mealPlanRules.queryFilterString,
    group_id: mealPlanRules.groupId,
    household_id: mealPlanRules.householdId,
    at_most_per_week: mealPlanRules.atMostPerWeek,
    at_least_per_week: mealPlanRules.atLeastPerWeek,
  },
  search: [mealPlanRules.name],
  defaultOrder: mealPlanRules.createdAt,
})
