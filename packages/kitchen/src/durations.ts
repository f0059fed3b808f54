import { parseKitchenNumber } from './kitchen-numbers.js'
import { findTimePhrases } from './time-phrases.js'

const isoDuration =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i
/** Minutes per ISO component, in the order of the pattern's groups (a year as 365 days, a month as 30). */
const isoMinutes = [525_600, 43_200, 10_080, 1_440, 60, 1, 1 / 60]
const clockTime = /^(\d{1,3}):([0-5]\d)$/
/**
 * Whole hours and minutes in English, the way most recipe sites and Mealie write a time ("1 hour 20 minutes",
 * "45 mins", "2 hrs", "1h30m"): read without the phrase grammar, whose first use compiles a large Unicode pattern, a
 * task of 40 ms at a phone's speed on the recipe page (docs/budgets.md "Server budgets"). What it reads, the grammar reads the same
 * (durations.test.ts compares them); anything else goes to the grammar.
 */
const hoursAndMinutes = /^(?:(\d{1,4})(?:\s*(?:hours?|hrs?)|h))?(?:\s*(\d{1,4})(?:\s*(?:minutes?|mins?)|m))?$/i

/**
 * Minutes in a recipe time, or null when nothing in it reads as a time:
 * - ISO-8601 durations as schema.org writes them: "PT1H30M" → 90, "P1DT2H" → 1560, "PT30S" → 0.5;
 * - free text in English, German, French, Dutch, Spanish or Italian: "1 hour 30 minutes", "1 hr 30 min",
 *   "90 mins", "1½ hours", "1h30", "45 Minuten", "1 heure", "an hour and a half" (a range gives its upper
 *   bound: "10-15 min" → 15);
 * - a clock-style "1:30" (hours:minutes) and a bare number, read as minutes ("45" → 45).
 */
export function parseDuration(text: string | null | undefined): number | null {
  if (!text) return null
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (/^P/i.test(trimmed)) {
    const iso = isoDuration.exec(trimmed)
    if (iso && trimmed.toUpperCase() !== 'P' && !trimmed.toUpperCase().endsWith('T')) {
      let minutes = 0
      for (let index = 0; index < isoMinutes.length; index++) {
        const component = iso[index + 1]
        if (component !== undefined) minutes += Number(component.replace(',', '.')) * (isoMinutes[index] ?? 0)
      }
      return minutes
    }
  }
  const simple = hoursAndMinutes.exec(trimmed)
  if (simple && (simple[1] !== undefined || simple[2] !== undefined))
    return Number(simple[1] ?? 0) * 60 + Number(simple[2] ?? 0)
  const clock = clockTime.exec(trimmed)
  if (clock) return Number(clock[1]) * 60 + Number(clock[2])
  const bare = parseKitchenNumber(trimmed)
  if (bare !== null) return bare
  const phrase = findTimePhrases(trimmed)[0]
  return phrase ? phrase.maxSeconds / 60 : null
}

/** A length of time split for display; every part a whole number. */
export interface DurationParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/**
 * Minutes split into days, hours, minutes and — only below one minute — seconds. Above a minute the value is
 * rounded to whole minutes (90.4 → 1 h 30 min). Negative or non-finite input gives all zeros.
 */
export function durationParts(minutes: number): DurationParts {
  if (!Number.isFinite(minutes) || minutes <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0 }
  const totalSeconds = Math.round(minutes * 60)
  if (totalSeconds < 60) return { days: 0, hours: 0, minutes: 0, seconds: totalSeconds }
  const totalMinutes = Math.round(minutes)
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    seconds: 0,
  }
}

/**
 * A short, language-neutral rendering of minutes: "1 h 30 min", "45 min", "2 h", "1 d 2 h", "30 s", "0 min".
 * (Localised wording belongs to the page; it can build its own from `durationParts`.)
 */
export function formatDuration(minutes: number): string {
  const parts = durationParts(minutes)
  const pieces: string[] = []
  if (parts.days) pieces.push(`${parts.days} d`)
  if (parts.hours) pieces.push(`${parts.hours} h`)
  if (parts.minutes) pieces.push(`${parts.minutes} min`)
  if (parts.seconds) pieces.push(`${parts.seconds} s`)
  return pieces.length > 0 ? pieces.join(' ') : '0 min'
}

/** Minutes as an ISO-8601 duration for schema.org exports: 90 → "PT1H30M", 1560 → "P1DT2H", 0.5 → "PT30S". */
export function formatIsoDuration(minutes: number): string {
  const parts = durationParts(minutes)
  const time =
    (parts.hours ? `${parts.hours}H` : '') +
    (parts.minutes ? `${parts.minutes}M` : '') +
    (parts.seconds ? `${parts.seconds}S` : '')
  if (!parts.days && !time) return 'PT0M'
  return `P${parts.days ? `${parts.days}D` : ''}${time ? `T${time}` : ''}`
}
