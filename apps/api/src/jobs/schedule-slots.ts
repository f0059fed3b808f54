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

/** The parts of `instant` on a wall clock in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
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
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day, hour, minute)
  const first = naive - offsetAt(new Date(naive), timeZone)
  return new Date(naive - offsetAt(new Date(first), timeZone))
}

/** Whether `timeZone` is a zone this runtime knows (checked when a schedule is declared, not when it is due). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

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
