import { findTimePhrases } from './time-phrases.js'

/** A time stated in a step, for cook mode to offer as a timer. */
export interface StepTimer {
  /** The words as written ("25 minutes", "1 to 2 hours"); `text.slice(start, end)` of the step. */
  text: string
  /** The longest time the step allows: the upper bound of a range ("10-15 min" → 900). */
  seconds: number
  /** The shortest: the lower bound of a range ("10-15 min" → 600); equals `seconds` without a range. */
  minSeconds: number
  start: number
  /** Index just past the span. */
  end: number
}

/**
 * Every timer in a step's text, in reading order: "bake for 25 minutes", "simmer 1 to 2 hours", "10-15 min",
 * "30 seconds", "1 hour 15 minutes", "1h30", "an hour", "½ hour", and the same in German, French, Dutch, Spanish
 * and Italian ("20 Minuten", "1 heure", "10 à 15 minutes", "2 uur", "5 minutos", "3 ore"). Spans that state no
 * length of time (zero seconds) are left out.
 */
export function findStepTimers(text: string): StepTimer[] {
  const timers: StepTimer[] = []
  for (const phrase of findTimePhrases(text)) {
    if (phrase.maxSeconds <= 0) continue
    timers.push({
      text: text.slice(phrase.start, phrase.end),
      seconds: phrase.maxSeconds,
      minSeconds: phrase.minSeconds,
      start: phrase.start,
      end: phrase.end,
    })
  }
  return timers
}
