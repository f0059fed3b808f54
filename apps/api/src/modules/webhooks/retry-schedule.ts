/**
 * When a failed delivery is tried again: the Standard Webhooks schedule (immediately, then 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h), each delay spread by ±20 % so that receivers coming back from an outage are not hit by every
 * sender at once, and a receiver's own Retry-After taking precedence when it gives one.
 */

const second = 1000
const minute = 60 * second
const hour = 60 * minute

export const retryDelaysMs = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour] as const

/** Attempts of one send in all: the first and one per retry delay. */
export const maximumAttempts = retryDelaysMs.length + 1

const jitterShare = 0.2
/** A Retry-After beyond this is read as this: a receiver cannot park a message for weeks. */
const longestRetryAfterMs = 24 * hour

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null when it says nothing usable. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * second, longestRetryAfterMs)
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return null
  return Math.min(Math.max(at - now.getTime(), 0), longestRetryAfterMs)
}

/**
 * The wait before the attempt after `attempt` (1-based), or null when `attempt` was the last. `random` is in [0, 1)
 * (Math.random; tests pin it).
 */
export function delayAfterAttempt(
  attempt: number,
  retryAfter: number | null,
  random: () => number = Math.random,
): number | null {
  const base = retryDelaysMs[attempt - 1]
  if (base === undefined) return null
  if (retryAfter !== null) return retryAfter
  return Math.round(base * (1 - jitterShare + 2 * jitterShare * random()))
}
