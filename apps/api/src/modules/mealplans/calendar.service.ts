import type { Database } from '../../db/client.js'
import { addDays, dateIn } from '../../lib/zoned-time.js'
import { mealPlanCalendar } from './calendar.js'
import { entryRepo } from './repo.js'
import type { MealPlanSettingsService } from './settings.service.js'

/** How far the feed reaches from the household's today. */
export const feedDaysBack = 28
export const feedDaysAhead = 56

export function createCalendarFeed(deps: { db: Database; settings: MealPlanSettingsService; baseUrl: string }) {
  const { db } = deps
  return {
    /** The plan of the household whose token this is, 4 weeks back and 8 ahead, as iCalendar; else 404. */
    async feed(token: string, now = new Date()): Promise<string> {
      const { scope, settings } = await deps.settings.byCalendarToken(token)
      const today = dateIn(now, settings.timeZone)
      const entries = await entryRepo.between(db, scope, addDays(today, -feedDaysBack), addDays(today, feedDaysAhead))
      const recipes = await entryRepo.recipes(
        db,
        scope,
        entries.flatMap((entry) => (entry.recipeId ? [entry.recipeId] : [])),
      )
      const { groupSlug } = await entryRepo.householdFacts(db, scope)
      return mealPlanCalendar({ entries, recipes, settings, baseUrl: deps.baseUrl, groupSlug })
    },
  }
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>
