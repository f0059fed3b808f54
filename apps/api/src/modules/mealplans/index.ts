import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createCalendarFeed } from './calendar.service.js'
import { createMealPlanner } from './planner.service.js'
import { registerMealPlanRoutes } from './routes.js'
import { createMealPlanRuleService } from './rules.service.js'
import { createMealPlanService } from './service.js'
import { createMealPlanSettingsService } from './settings.service.js'

export type { MealPlanService } from './service.js'

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
    registerRoutes: (app: FastifyInstance) =>
      registerMealPlanRoutes(app, { entries: service, rules, planner, settings, calendar }),
  }
}

export type MealPlansModule = ReturnType<typeof createMealPlansModule>
