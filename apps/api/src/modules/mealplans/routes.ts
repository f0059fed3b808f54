import {
  createMealplan,
  createMealplanRule,
  createRandomMealplan,
  deleteMealplan,
  deleteMealplanRule,
  fillMealplans,
  getMealplan,
  getMealplanCalendar,
  getMealplanCalendarFeed,
  getMealplanRule,
  getMealplanSettings,
  getTodaysMealplan,
  listMealplanRules,
  listMealplans,
  resetMealplanCalendar,
  suggestMealplan,
  updateMealplan,
  updateMealplanRule,
  updateMealplanSettings,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { CalendarFeed } from './calendar.service.js'
import type { MealPlanner } from './planner.service.js'
import type { MealPlanRuleService } from './rules.service.js'
import type { MealPlanService } from './service.js'
import type { MealPlanSettingsService } from './settings.service.js'

export interface MealPlanServices {
  entries: MealPlanService
  rules: MealPlanRuleService
  planner: MealPlanner
  settings: MealPlanSettingsService
  calendar: CalendarFeed
}

export function registerMealPlanRoutes(app: FastifyInstance, services: MealPlanServices): void {
  const { entries, rules, planner, settings, calendar } = services
  registerEndpoint(app, listMealplanRules, ({ caller, query }) => rules.page(caller, query))
  registerEndpoint(app, createMealplanRule, async ({ caller, body, reply }) =>
    reply.status(201).send(await rules.create(caller, body)),
  )
  registerEndpoint(app, getMealplanRule, ({ caller, params }) => rules.get(caller, params.id))
  registerEndpoint(app, updateMealplanRule, ({ caller, params, body }) => rules.update(caller, params.id, body))
  registerEndpoint(app, deleteMealplanRule, ({ caller, params }) => rules.delete(caller, params.id))

  registerEndpoint(app, listMealplans, ({ caller, query }) => entries.page(caller, query))
  registerEndpoint(app, createMealplan, async ({ caller, body, reply }) =>
    reply.status(201).send(await entries.create(caller, body)),
  )
  registerEndpoint(app, getTodaysMealplan, ({ caller }) => entries.today(caller))
  registerEndpoint(app, createRandomMealplan, ({ caller, body }) => planner.random(caller, body))
  registerEndpoint(app, suggestMealplan, ({ caller, body }) => planner.suggest(caller, body))
  registerEndpoint(app, fillMealplans, ({ caller, body }) => planner.fill(caller, body))

  registerEndpoint(app, getMealplanSettings, ({ caller }) => settings.get(caller))
  registerEndpoint(app, updateMealplanSettings, ({ caller, body }) => settings.update(caller, body))
  registerEndpoint(app, getMealplanCalendar, ({ caller }) => settings.calendar(caller))
  registerEndpoint(app, resetMealplanCalendar, ({ caller }) => settings.resetCalendar(caller))
  registerEndpoint(app, getMealplanCalendarFeed, async ({ params, reply }) => {
    const text = await calendar.feed(params.token)
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="mealplan.ics"')
      .header('cache-control', 'private, no-store')
      .send(text)
  })

  registerEndpoint(app, getMealplan, ({ caller, params }) => entries.get(caller, params.id))
  registerEndpoint(app, updateMealplan, ({ caller, params, body }) => entries.update(caller, params.id, body))
  registerEndpoint(app, deleteMealplan, ({ caller, params }) => entries.delete(caller, params.id))
}
