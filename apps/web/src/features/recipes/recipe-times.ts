import { durationParts, parseDuration } from '@larder/kitchen'
import type { TFunction } from 'i18next'

/**
 * A recipe time for people: "PT1H30M", "90" or "1 hour 30 minutes" all read "1 h 30 min" in the user's language
 * (kitchen parses them); text that holds no time is shown as written.
 */
export function formatRecipeTime(value: string | null | undefined, t: TFunction): string | null {
  const text = value?.trim()
  if (!text) return null
  const minutes = parseDuration(text)
  if (minutes === null || minutes <= 0) return text
  return formatMinutes(minutes, t)
}

/** Minutes in the user's language: "1 h 30 min", "2 d 1 h", "45 s". */
export function formatMinutes(minutes: number, t: TFunction): string {
  const parts = durationParts(minutes)
  const pieces: string[] = []
  if (parts.days) pieces.push(t('time.days', { value: parts.days }))
  if (parts.hours) pieces.push(t('time.hours', { value: parts.hours }))
  if (parts.minutes) pieces.push(t('time.minutes', { value: parts.minutes }))
  if (parts.seconds) pieces.push(t('time.seconds', { value: parts.seconds }))
  return pieces.join(' ')
}
