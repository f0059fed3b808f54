/** Wall clocks of IANA time zones (a household's), by the runtime's Intl data: no zone database of our own. */

const minuteMs = 60_000
const dayMs = 86_400_000

/** The parts of `instant` on a wall clock in `timeZone`. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)!.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone)
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)
  return asUtc - Math.floor(instant.getTime() / minuteMs) * minuteMs
}

/**
 * The instant a wall-clock time in `timeZone` names. Across a change of offset the second guess corrects the first;
 * a time the clocks skip (02:30 when they go forward) falls an hour later, as most calendars place it.
 */
export function instantOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const naive = Date.UTC(year, month - 1, day, hour, minute)
  const first = naive - offsetAt(new Date(naive), timeZone)
  return new Date(naive - offsetAt(new Date(first), timeZone))
}

/** Whether `timeZone` is a zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

/** The calendar date (`YYYY-MM-DD`) `instant` falls on in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return isoDate(Date.UTC(clock.year, clock.month - 1, clock.day))
}

/** The instant of `HH:MM` on `date` (`YYYY-MM-DD`) in `timeZone`. */
export function instantOn(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return instantOf(year, month, day, hour, minute, timeZone)
}

/** `YYYY-MM-DD` of a UTC midnight (or any instant of that UTC day). */
export function isoDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10)
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(date) + days * dayMs)
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / dayMs)
}

/** The weekday of a date, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(Date.parse(date)).getUTCDay()
}
