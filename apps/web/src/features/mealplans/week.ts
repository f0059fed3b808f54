import { planRuleDays, type PlanRuleDay } from '@larder/contracts'

// Plan dates are calendar dates (`YYYY-MM-DD`) without a time zone; they are counted in UTC so that no daylight
// saving change moves a day.

const dayMs = 86_400_000

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`)
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10)

export function isPlanDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toTime(value))
}

export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * dayMs)
}

/** 0 = Sunday … 6 = Saturday, as the household's `firstDayOfWeek` counts. */
export function weekdayOf(date: string): number {
  return new Date(toTime(date)).getUTCDay()
}

/** The first day of the week holding `date`, weeks starting on `firstDayOfWeek` (0 = Sunday). */
export function weekStartOf(date: string, firstDayOfWeek: number): string {
  return addDays(date, -((weekdayOf(date) - firstDayOfWeek + 7) % 7))
}

export function weekDays(start: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(start, index))
}

/** Today's date where the household lives (its time zone), or where the browser is when it is not known yet. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now)
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  }
}

/** The rules' name of a date's weekday (`monday`). */
export function ruleDayOf(date: string): PlanRuleDay {
  return planRuleDays[(weekdayOf(date) + 6) % 7]!
}

/** A date as the person's language writes it, e.g. "Mon, Dec 7" (`long`: "Monday, December 7, 2026"). */
/** A plan date in words: `long` for labels read aloud, `day` for a phone's day headings, `short` for the grid. */
export function formatPlanDate(date: string, language: string, style: 'short' | 'day' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : style === 'day'
        ? { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }
        : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }
  return new Intl.DateTimeFormat(language, options).format(new Date(toTime(date)))
}

/** The weekday's name for a rule day, in the person's language. */
export function formatRuleDay(day: PlanRuleDay, language: string): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(toTime(addDays('2024-01-01', planRuleDays.indexOf(day)))),
  )
}
