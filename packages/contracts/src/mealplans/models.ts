import { z } from 'zod'
import { PaginationQuery } from '../common/pagination.js'
import { QueryFilterJson } from '../cookbooks/models.js'
import { RecipeSummary } from '../recipes/models.js'

/** Mealie's four entry types and the three its users ask for (issue #32); anything else is a 422. */
export const planEntryTypes = ['breakfast', 'lunch', 'dinner', 'side', 'snack', 'drink', 'dessert'] as const
export const PlanEntryType = z.enum(planEntryTypes).meta({ id: 'PlanEntryType' })
export type PlanEntryType = z.infer<typeof PlanEntryType>

export const planRuleDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export const PlanRuleDay = z.enum(planRuleDays)
export type PlanRuleDay = z.infer<typeof PlanRuleDay>

/** A calendar date `YYYY-MM-DD`, as Mealie sends and reads meal-plan dates. */
export const PlanDate = z.iso.date({ message: 'Enter a date as YYYY-MM-DD' })

/** How many a plan entry is for: more than none, and a bound no kitchen reaches. */
export const PlanServings = z
  .number({ message: 'Enter the servings as a number' })
  .gt(0, { message: 'Servings must be more than 0' })
  .max(10_000, { message: 'Servings must be at most 10000' })

const title = z.string().max(500)
const text = z.string().max(20_000)

const entryFields = {
  date: PlanDate,
  entryType: PlanEntryType.default('breakfast'),
  title: title.nullish().transform((value) => value ?? ''),
  text: text.nullish().transform((value) => value ?? ''),
  recipeId: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  /** Beyond Mealie: a locked entry is kept by "fill" (`POST …/fill` with `replaceUnlocked`). */
  locked: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  /**
   * Beyond Mealie: how many the meal is for; null = the recipe's own servings. "Shop for these days" scales the
   * recipe by it. Left out of a PUT, the entry keeps its own (Mealie's clients do not know the field).
   */
  servings: PlanServings.nullish(),
}

const recipeOrTitle = (entry: { recipeId: string | null; title: string }) =>
  Boolean(entry.recipeId) || entry.title.trim() !== ''
const recipeOrTitleMessage = { message: 'A recipe id or a title must be provided', path: ['recipeId'] }

/** POST `/api/households/mealplans` (Mealie's CreatePlanEntry): a recipe, or a title (and text) alone. */
export const CreatePlanEntry = z
  .object(entryFields)
  .refine(recipeOrTitle, recipeOrTitleMessage)
  .meta({ id: 'CreatePlanEntry' })
export type CreatePlanEntry = z.input<typeof CreatePlanEntry>
export type CreatePlanEntryParsed = z.output<typeof CreatePlanEntry>

/**
 * PUT `/api/households/mealplans/{id}` (Mealie's UpdatePlanEntry): the whole entry. Mealie's clients send back the
 * `id`, `groupId` and `userId` they read; they are accepted, and the row keeps its own group and owner.
 */
export const UpdatePlanEntry = z
  .object({
    ...entryFields,
    id: z.number().int().optional(),
    groupId: z.uuid().optional(),
    userId: z.uuid().optional(),
    householdId: z.uuid().nullish(),
  })
  .refine(recipeOrTitle, recipeOrTitleMessage)
  .meta({ id: 'UpdatePlanEntry' })
export type UpdatePlanEntry = z.input<typeof UpdatePlanEntry>
export type UpdatePlanEntryParsed = z.output<typeof UpdatePlanEntry>

export const ReadPlanEntry = z
  .object({
    id: z.number().int(),
    date: z.string(),
    entryType: PlanEntryType,
    title: z.string(),
    text: z.string(),
    recipeId: z.uuid().nullable(),
    groupId: z.uuid(),
    userId: z.uuid(),
    householdId: z.uuid(),
    recipe: RecipeSummary.nullable(),
    locked: z.boolean(),
    /** Beyond Mealie: how many the meal is for; null = the recipe's own servings. */
    servings: z.number().nullable(),
  })
  .meta({ id: 'ReadPlanEntry' })
export type ReadPlanEntry = z.infer<typeof ReadPlanEntry>

/** The list's query: Mealie's pagination and queryFilter, and the inclusive date range in its snake_case names. */
export const PlanEntryListQuery = PaginationQuery.extend({
  start_date: PlanDate.optional(),
  end_date: PlanDate.optional(),
})
export type PlanEntryListQuery = z.infer<typeof PlanEntryListQuery>

/** POST `/api/households/mealplans/random` (Mealie's CreateRandomEntry). */
export const CreateRandomEntry = z
  .object({ date: PlanDate, entryType: PlanEntryType.default('dinner') })
  .meta({ id: 'CreateRandomEntry' })
export type CreateRandomEntry = z.input<typeof CreateRandomEntry>

/** POST `/api/households/mealplans/suggestion`: a recipe the rules pick, without planning it; `exclude` = "try another". */
export const PlanSuggestionRequest = z
  .object({
    date: PlanDate,
    entryType: PlanEntryType.default('dinner'),
    exclude: z.array(z.uuid()).max(500).default([]),
  })
  .meta({ id: 'PlanSuggestionRequest' })
export type PlanSuggestionRequest = z.input<typeof PlanSuggestionRequest>

// ——— Rules

const limit = z.number().int().min(0).max(100).nullish()

/**
 * POST and PUT `/api/households/mealplans/rules[/id]` (Mealie's PlanRulesCreate, and more). `day` and `entryType`
 * are Mealie's (one value or `unset`); `days` and `entryTypes`, when given and not empty, replace them and mean "any
 * of". `atMostPerWeek` / `atLeastPerWeek` make the rule a limit on the week (weeks start on the household's
 * `firstDayOfWeek`) instead of a choice of recipes for its slots.
 */
export const PlanRulesCreate = z
  .object({
    name: z.string().trim().max(200).default(''),
    day: z.enum([...planRuleDays, 'unset']).default('unset'),
    entryType: z.enum([...planEntryTypes, 'unset']).default('unset'),
    days: z.array(PlanRuleDay).max(7).default([]),
    entryTypes: z.array(PlanEntryType).max(planEntryTypes.length).default([]),
    queryFilterString: z.string().max(5000).default(''),
    atMostPerWeek: limit,
    atLeastPerWeek: limit,
  })
  .refine(
    (rule) => rule.atMostPerWeek == null || rule.atLeastPerWeek == null || rule.atLeastPerWeek <= rule.atMostPerWeek,
    {
      message: 'At least cannot be more than at most',
      path: ['atLeastPerWeek'],
    },
  )
  .meta({ id: 'PlanRulesCreate' })
export type PlanRulesCreate = z.input<typeof PlanRulesCreate>
export type PlanRulesCreateParsed = z.output<typeof PlanRulesCreate>

export const PlanRulesOut = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    name: z.string(),
    /** Mealie's single day: the one day of `days`, else `unset`. */
    day: z.enum([...planRuleDays, 'unset']),
    /** Mealie's single entry type: the one type of `entryTypes`, else `unset`. */
    entryType: z.enum([...planEntryTypes, 'unset']),
    days: z.array(PlanRuleDay),
    entryTypes: z.array(PlanEntryType),
    queryFilterString: z.string(),
    queryFilter: QueryFilterJson,
    atMostPerWeek: z.number().int().nullable(),
    atLeastPerWeek: z.number().int().nullable(),
  })
  .meta({ id: 'PlanRulesOut' })
export type PlanRulesOut = z.infer<typeof PlanRulesOut>

/** A recipe the rules propose for one slot, and the rule that chose it (null: no rule applied, any recipe). */
export const PlanSuggestion = z
  .object({
    date: z.string(),
    entryType: PlanEntryType,
    recipe: RecipeSummary,
    rule: PlanRulesOut.nullable(),
  })
  .meta({ id: 'PlanSuggestion' })
export type PlanSuggestion = z.infer<typeof PlanSuggestion>

/**
 * POST `/api/households/mealplans/fill`: plan a recipe for every empty slot (date × entry type) of the range, at most
 * 62 days. With `replaceUnlocked`, the range's entries of those types that are not locked are replaced too; locked
 * entries are always kept.
 */
export const FillPlanRequest = z
  .object({
    startDate: PlanDate,
    endDate: PlanDate,
    entryTypes: z.array(PlanEntryType).min(1).max(planEntryTypes.length).default(['dinner']),
    replaceUnlocked: z.boolean().default(false),
  })
  .refine((fill) => fill.startDate <= fill.endDate, { message: 'The end comes before the start', path: ['endDate'] })
  .refine((fill) => (Date.parse(fill.endDate) - Date.parse(fill.startDate)) / 86_400_000 < 62, {
    message: 'Fill at most 62 days at once',
    path: ['endDate'],
  })
  .meta({ id: 'FillPlanRequest' })
export type FillPlanRequest = z.input<typeof FillPlanRequest>

export const FillPlanResult = z
  .object({
    created: z.array(ReadPlanEntry),
    kept: z.array(ReadPlanEntry),
    /** Slots left empty, each with why (the rule that left nothing, or no recipes at all). */
    empty: z.array(z.object({ date: z.string(), entryType: PlanEntryType, reason: z.string() })),
  })
  .meta({ id: 'FillPlanResult' })
export type FillPlanResult = z.infer<typeof FillPlanResult>

// ——— Settings (beyond Mealie; not on its preferences endpoint, whose PUT replaces every field)

/** Whether the runtime knows an IANA zone name (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** A wall-clock time `HH:MM` (24 h). */
export const MealTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM')

export const MealTimes = z.object({
  breakfast: MealTime,
  lunch: MealTime,
  dinner: MealTime,
  side: MealTime,
  snack: MealTime,
  drink: MealTime,
  dessert: MealTime,
})

export const MealPlanSettings = z
  .object({
    /** IANA time zone of the household: what "today" means and when the calendar's meals start. */
    timeZone: z.string(),
    mealTimes: MealTimes,
    /** Days around a date in which the rules do not plan a recipe again while others are left. */
    noRepeatDays: z.number().int(),
  })
  .meta({ id: 'MealPlanSettings' })
export type MealPlanSettings = z.infer<typeof MealPlanSettings>

/** PUT `/api/households/mealplans/settings`: what is given changes, the rest stays. */
export const UpdateMealPlanSettings = z
  .object({
    timeZone: z.string().min(1).max(100).refine(isTimeZone, 'Not a known IANA time zone').optional(),
    mealTimes: MealTimes.partial().strict().optional(),
    noRepeatDays: z.number().int().min(0).max(365).optional(),
  })
  .meta({ id: 'UpdateMealPlanSettings' })
export type UpdateMealPlanSettings = z.input<typeof UpdateMealPlanSettings>

/** The caller's household's calendar feed: its secret address (the token is the only authority). */
export const MealPlanCalendar = z.object({ token: z.string(), url: z.string() }).meta({ id: 'MealPlanCalendar' })
export type MealPlanCalendar = z.infer<typeof MealPlanCalendar>
