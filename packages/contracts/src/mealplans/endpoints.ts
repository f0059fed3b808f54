import { z } from 'zod'
import { endpoint, endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import {
  CreatePlanEntry,
  CreateRandomEntry,
  FillPlanRequest,
  FillPlanResult,
  MealPlanCalendar,
  MealPlanSettings,
  PlanEntryListQuery,
  PlanRulesCreate,
  PlanRulesOut,
  PlanSuggestion,
  PlanSuggestionRequest,
  ReadPlanEntry,
  UpdateMealPlanSettings,
  UpdatePlanEntry,
} from './models.js'

const path = '/api/households/mealplans'

/** Mealie's integer entry ids; anything else is a 422. */
const EntryId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/**
 * Household scope (docs/mealie-compatibility.md "Meal plans"): a member sees and changes only their household's entries and rules, any member
 * may write; another household's rows answer 404.
 */
const entries = endpointGroup({
  tags: ['Households: Mealplans'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})

const rules = endpointGroup({
  tags: ['Households: Mealplan Rules'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})

export const listMealplans = entries.endpoint({
  method: 'GET',
  path,
  summary: "List the household's meal-plan entries, optionally between two dates (inclusive)",
  query: PlanEntryListQuery,
  responses: { 200: paginated(ReadPlanEntry) },
})

export const createMealplan = entries.endpoint({
  method: 'POST',
  path,
  summary: 'Plan a recipe, or a note, for a day',
  body: CreatePlanEntry,
  responses: { 201: ReadPlanEntry },
})

export const getTodaysMealplan = entries.endpoint({
  method: 'GET',
  path: `${path}/today`,
  summary: "Today's entries, today being the household's date in its time zone",
  responses: { 200: z.array(ReadPlanEntry) },
})

export const createRandomMealplan = entries.endpoint({
  method: 'POST',
  path: `${path}/random`,
  summary: 'Plan a recipe the rules pick at random; 404 names the rule that left nothing',
  body: CreateRandomEntry,
  responses: { 200: ReadPlanEntry },
})

export const suggestMealplan = entries.endpoint({
  method: 'POST',
  path: `${path}/suggestion`,
  summary: 'Propose a recipe the rules pick, without planning it; `exclude` asks for another',
  body: PlanSuggestionRequest,
  responses: { 200: PlanSuggestion },
})

export const fillMealplans = entries.endpoint({
  method: 'POST',
  path: `${path}/fill`,
  summary: "Fill a range's empty slots by the rules, keeping locked entries; says why a slot stays empty",
  body: FillPlanRequest,
  responses: { 200: FillPlanResult },
})

export const getMealplanSettings = entries.endpoint({
  method: 'GET',
  path: `${path}/settings`,
  summary: "The household's meal-plan settings: time zone, meal times, no-repeat window",
  responses: { 200: MealPlanSettings },
})

export const updateMealplanSettings = entries.endpoint({
  method: 'PUT',
  path: `${path}/settings`,
  summary: "Change the household's meal-plan settings; fields not given stay",
  body: UpdateMealPlanSettings,
  responses: { 200: MealPlanSettings },
})

export const getMealplanCalendar = entries.endpoint({
  method: 'GET',
  path: `${path}/calendar`,
  summary: "The secret address of the household's calendar feed (iCalendar)",
  responses: { 200: MealPlanCalendar },
})

export const resetMealplanCalendar = entries.endpoint({
  method: 'POST',
  path: `${path}/calendar/reset`,
  summary: 'Give the calendar feed a new secret address; the old one answers 404',
  responses: { 200: MealPlanCalendar },
})

/** Public: the token in the address is the authority. RFC 5545, 4 weeks back and 8 ahead. */
export const getMealplanCalendarFeed = endpoint({
  method: 'GET',
  path: `${path}/calendar/:token.ics`,
  summary: "The household's meal plan as an iCalendar feed (text/calendar)",
  tags: ['Households: Mealplans'],
  auth: 'public',
  params: z.object({ token: z.string().min(1).max(200) }),
  responses: { 200: null, 404: ErrorResponse },
})

export const getMealplan = entries.endpoint({
  method: 'GET',
  path: `${path}/:id`,
  summary: 'Read one meal-plan entry',
  params: EntryId,
  responses: { 200: ReadPlanEntry },
})

export const updateMealplan = entries.endpoint({
  method: 'PUT',
  path: `${path}/:id`,
  summary: 'Replace a meal-plan entry',
  params: EntryId,
  body: UpdatePlanEntry,
  responses: { 200: ReadPlanEntry },
})

export const deleteMealplan = entries.endpoint({
  method: 'DELETE',
  path: `${path}/:id`,
  summary: 'Delete a meal-plan entry; answers it as it was',
  params: EntryId,
  responses: { 200: ReadPlanEntry },
})

const rulePath = `${path}/rules`
const RuleId = z.object({ id: z.uuid() })

export const listMealplanRules = rules.endpoint({
  method: 'GET',
  path: rulePath,
  summary: "List the household's meal-plan rules",
  query: PaginationQuery,
  responses: { 200: paginated(PlanRulesOut) },
})

export const createMealplanRule = rules.endpoint({
  method: 'POST',
  path: rulePath,
  summary: 'Create a meal-plan rule',
  body: PlanRulesCreate,
  responses: { 201: PlanRulesOut },
})

export const getMealplanRule = rules.endpoint({
  method: 'GET',
  path: `${rulePath}/:id`,
  summary: 'Read one meal-plan rule',
  params: RuleId,
  responses: { 200: PlanRulesOut },
})

export const updateMealplanRule = rules.endpoint({
  method: 'PUT',
  path: `${rulePath}/:id`,
  summary: 'Replace a meal-plan rule',
  params: RuleId,
  body: PlanRulesCreate,
  responses: { 200: PlanRulesOut },
})

export const deleteMealplanRule = rules.endpoint({
  method: 'DELETE',
  path: `${rulePath}/:id`,
  summary: 'Delete a meal-plan rule; answers it as it was',
  params: RuleId,
  responses: { 200: PlanRulesOut },
})

/** Static paths before `/:id`, as Mealie registers them, so `rules` or `today` is never read as an entry id. */
export const mealplanEndpoints = [
  listMealplanRules,
  createMealplanRule,
  getMealplanRule,
  updateMealplanRule,
  deleteMealplanRule,
  listMealplans,
  createMealplan,
  getTodaysMealplan,
  createRandomMealplan,
  suggestMealplan,
  fillMealplans,
  getMealplanSettings,
  updateMealplanSettings,
  getMealplanCalendar,
  resetMealplanCalendar,
  getMealplanCalendarFeed,
  getMealplan,
  updateMealplan,
  deleteMealplan,
] as const
