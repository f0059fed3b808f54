import { planEntryTypes, type MealPlanCalendar, type MealPlanSettings, type PlanEntryType } from '@larder/contracts'
import { randomBytes } from 'node:crypto'
import type { Database, Executor } from '../../db/client.js'
import { notFound, ValidationFailure } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import { isKnownTimeZone } from '../../lib/zoned-time.js'
import { settingsRepo, type SettingsRow } from './settings.repo.js'

/** Meal times of a household that has not set its own. */
export const defaultMealTimes: Record<PlanEntryType, string> = {
  breakfast: '08:00',
  lunch: '12:30',
  snack: '16:00',
  dinner: '18:30',
  side: '18:30',
  drink: '18:30',
  dessert: '19:30',
}

export const defaultNoRepeatDays = 14

export interface SettingsChange {
  timeZone?: string | undefined
  mealTimes?: Partial<Record<PlanEntryType, string>> | undefined
  noRepeatDays?: number | undefined
}

/** The settings in force: the household's row over the defaults (the instance's TZ for the zone). */
function resolved(row: SettingsRow | null, defaultTimeZone: string): MealPlanSettings {
  const stored = row?.mealTimes ?? {}
  const mealTimes = Object.fromEntries(
    planEntryTypes.map((type) => [type, stored[type] ?? defaultMealTimes[type]]),
  ) as MealPlanSettings['mealTimes']
  // A zone the runtime no longer knows (its data changed) falls back rather than failing every read.
  const zone = row?.timeZone && isKnownTimeZone(row.timeZone) ? row.timeZone : defaultTimeZone
  return { timeZone: zone, mealTimes, noRepeatDays: row?.noRepeatDays ?? defaultNoRepeatDays }
}

const newToken = () => randomBytes(24).toString('base64url')

export function createMealPlanSettingsService(deps: { db: Database; defaultTimeZone: string; baseUrl: string }) {
  const { db } = deps
  const address = (token: string): MealPlanCalendar => ({
    token,
    url: `${deps.baseUrl.replace(/\/+$/, '')}/api/households/mealplans/calendar/${token}.ics`,
  })

  return {
    /** The household's settings in force; `ex`: the caller's transaction when there is one. */
    async get(scope: Scope, ex: Executor = db): Promise<MealPlanSettings> {
      return resolved(await settingsRepo.find(ex, scope), deps.defaultTimeZone)
    },

    async update(scope: Scope, change: SettingsChange): Promise<MealPlanSettings> {
      if (change.timeZone !== undefined && !isKnownTimeZone(change.timeZone)) {
        throw new ValidationFailure([
          { loc: ['body', 'timeZone'], msg: 'Not a known IANA time zone', type: 'value_error' },
        ])
      }
      const row = await settingsRepo.save(db, scope, {
        ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
        ...(change.mealTimes !== undefined ? { mealTimes: change.mealTimes } : {}),
        ...(change.noRepeatDays !== undefined ? { noRepeatDays: change.noRepeatDays } : {}),
      })
      return resolved(row, deps.defaultTimeZone)
    },

    /**
     * The time zone in force for each household (its own, else the instance's), in one query: the webhook schedule
     * asks for every household with a webhook at each check.
     */
    async timeZonesOf(householdIds: readonly string[]): Promise<Map<string, string>> {
      const stored = await settingsRepo.timeZones(db, householdIds)
      return new Map(
        householdIds.map((id) => {
          const zone = stored.get(id)
          return [id, zone && isKnownTimeZone(zone) ? zone : deps.defaultTimeZone]
        }),
      )
    },

    /** The feed's address, made on first ask. */
    async calendar(scope: Scope): Promise<MealPlanCalendar> {
      const row = await settingsRepo.find(db, scope)
      if (row?.calendarToken) return address(row.calendarToken)
      return address(await settingsRepo.ensureCalendarToken(db, scope, newToken()))
    },

    /** A new address; the old one answers 404 from now on. */
    async resetCalendar(scope: Scope): Promise<MealPlanCalendar> {
      const row = await settingsRepo.save(db, scope, { calendarToken: newToken() })
      return address(row.calendarToken!)
    },

    /** The household (as a scope without a user) and settings whose feed the token opens; 404 for any other. */
    async byCalendarToken(token: string): Promise<{ scope: Scope; settings: MealPlanSettings }> {
      const found = token.length >= 16 ? await settingsRepo.findByCalendarToken(db, token) : null
      if (!found) throw notFound('Calendar not found')
      return {
        scope: { groupId: found.groupId, householdId: found.settings.householdId, userId: '' },
        settings: resolved(found.settings, deps.defaultTimeZone),
      }
    },
  }
}

export type MealPlanSettingsService = ReturnType<typeof createMealPlanSettingsService>
