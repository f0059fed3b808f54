import type { ReadPlanEntry } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database, Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import { createCalendarFeed } from './calendar.service.js'
import { createMealPlanner } from './planner.service.js'
import { entryRepo } from './repo.js'
import { registerMealPlanRoutes } from './routes.js'
import { createMealPlanRuleService } from './rules.service.js'
import { createMealPlanService, toReadEntries } from './service.js'
import { createMealPlanSettingsService } from './settings.service.js'

export type { MealPlanService } from './service.js'

/** A plan entry with a recipe, as other areas read it (the shopping area's "shop for these days"). */
export interface PlannedRecipeEntry {
  id: number
  date: string
  entryType: string
  recipeId: string
  /** How many the meal is for; null = the recipe's own servings. */
  servings: number | null
}

/**
 * A plan entry's id as a shopping line's recipe reference names it. Mealie's references carry `mealplanId` as a UUID
 * while its plan entries have integer ids; the entry's id is written into the UUID's last 12 hex digits.
 */
export const planEntryRef = (id: number): string => `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`

/** The household's plan entries with a recipe between two dates (inclusive), by date, in the caller's executor. */
async function recipeEntriesBetween(
  ex: Executor,
  scope: Scope,
  start: string,
  end: string,
): Promise<PlannedRecipeEntry[]> {
  return (await entryRepo.between(ex, scope, start, end)).flatMap((row) =>
    row.recipeId
      ? [{ id: row.id, date: row.date, entryType: row.entryType, recipeId: row.recipeId, servings: row.servings }]
      : [],
  )
}

/** The household's entries of one date as ReadPlanEntry (the meal-plan webhook's body), in the caller's executor. */
async function readEntriesOn(ex: Executor, scope: Scope, date: string): Promise<ReadPlanEntry[]> {
  return toReadEntries(ex, scope, await entryRepo.between(ex, scope, date, date))
}

/**
 * A household's meal plan (docs/mealie-compatibility.md "Meal plans"): entries, the rules that pick recipes (random, suggestion, fill), the
 * household's meal-plan settings and its iCalendar feed. Reads recipes through the recipes area's entry.
 */
export function createMealPlansModule(deps: { config: Config; db: Database }) {
  const settings = createMealPlanSettingsService({
    db: deps.db,
    defaultTimeZone: deps.config.TZ,
    baseUrl: deps.config.BASE_URL,
  })
  const service = createMealPlanService({ db: deps.db, settings })
  const rules = createMealPlanRuleService(deps)
  const planner = createMealPlanner({ db: deps.db, settings })
  const calendar = createCalendarFeed({ db: deps.db, settings, baseUrl: deps.config.BASE_URL })
  return {
    service,
    recipeEntriesBetween,
    readEntriesOn,
    /** Households' time zones in force: where their day, and their webhooks' times, are read. */
    timeZonesOf: (householdIds: readonly string[]) => settings.timeZonesOf(householdIds),
    timeZoneOf: async (scope: Scope, ex?: Executor) => (await settings.get(scope, ex)).timeZone,
    registerRoutes: (app: FastifyInstance) =>
      registerMealPlanRoutes(app, { entries: service, rules, planner, settings, calendar }),
  }
}

export type MealPlansModule = ReturnType<typeof createMealPlansModule>
