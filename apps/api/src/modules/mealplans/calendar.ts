import type { MealPlanSettings, PlanEntryType } from '@larder/contracts'
import ical from 'ical-generator'
import { instantOn } from '../../lib/zoned-time.js'
import type { EntryRow, PlannedRecipe } from './repo.js'

/** How long a meal lasts in the calendar. */
const mealMinutes = 60

const entryTypeNames: Record<PlanEntryType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  side: 'Side',
  snack: 'Snack',
  drink: 'Drink',
  dessert: 'Dessert',
}

export interface CalendarInput {
  entries: readonly EntryRow[]
  recipes: ReadonlyMap<string, PlannedRecipe>
  settings: MealPlanSettings
  baseUrl: string
  groupSlug: string
}

/**
 * The household's plan as iCalendar (RFC 5545), written by ical-generator (CRLF line ends, lines folded at 75 octets,
 * text escaped). Each entry is one event: its UID its id, its start the household's meal time for its type on its
 * date in the household's zone (written in UTC), its link the recipe's page.
 */
export function mealPlanCalendar(input: CalendarInput): string {
  const base = input.baseUrl.replace(/\/+$/, '')
  const host = new URL(base).hostname || 'larder'
  const calendar = ical({ name: 'Meal plan', prodId: { company: 'Larder', product: 'Meal plan', language: 'EN' } })
  for (const entry of input.entries) {
    const type = entry.entryType as PlanEntryType
    const start = instantOn(entry.date, input.settings.mealTimes[type], input.settings.timeZone)
    const recipe = entry.recipeId ? input.recipes.get(entry.recipeId) : undefined
    const title = recipe?.name ?? entry.title
    const description = [entry.text || recipe?.description || ''].filter(Boolean).join('\n')
    calendar.createEvent({
      id: `mealplan-${entry.id}@${host}`,
      start,
      end: new Date(start.getTime() + mealMinutes * 60_000),
      stamp: entry.updatedAt,
      lastModified: entry.updatedAt,
      summary: `${entryTypeNames[type]}: ${title}`,
      ...(description ? { description } : {}),
      ...(recipe
        ? { url: `${base}/g/${encodeURIComponent(input.groupSlug)}/r/${encodeURIComponent(recipe.slug)}` }
        : {}),
    })
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the last one bare.
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
