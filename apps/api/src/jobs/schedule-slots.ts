import { instantOf, wallClock } from '../lib/zoned-time.js'

/** When a recurring job is due: every N minutes (on the clock: every 60 minutes is on the hour), or daily at a time. */
export type Cadence =
  | { everyMinutes: number }
  | {
      /** Local time, `HH:MM`. */
      dailyAt: string
      /** IANA time zone the time is read in (a household's), e.g. `Europe/Berlin`. */
      timeZone: string
    }

const minuteMs = 60_000

/**
 * The latest slot of `cadence` at or before `now`. A scheduler enqueues this slot's job once; slots missed while no
 * instance ran are not each made up: the latest one runs once on start.
 */
export function latestSlot(cadence: Cadence, now: Date): Date {
  if ('everyMinutes' in cadence) {
    const period = cadence.everyMinutes * minuteMs
    return new Date(Math.floor(now.getTime() / period) * period)
  }
  const [hour, minute] = cadence.dailyAt.split(':').map(Number) as [number, number]
  const today = wallClock(now, cadence.timeZone)
  const todaySlot = instantOf(today.year, today.month, today.day, hour, minute, cadence.timeZone)
  if (todaySlot.getTime() <= now.getTime()) return todaySlot
  // Yesterday's date on that wall clock: noon UTC of the day before never crosses two dates.
  const dayBefore = new Date(Date.UTC(today.year, today.month - 1, today.day - 1, 12))
  return instantOf(
    dayBefore.getUTCFullYear(),
    dayBefore.getUTCMonth() + 1,
    dayBefore.getUTCDate(),
    hour,
    minute,
    cadence.timeZone,
  )
}
