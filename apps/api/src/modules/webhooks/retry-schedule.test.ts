import { describe, expect, it } from 'vitest'
import { delayAfterAttempt, maximumAttempts, retryAfterMs, retryDelaysMs } from './retry-schedule.js'

describe('the retry schedule of a webhook delivery', () => {
  it('follows Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then no more', () => {
    const middle = () => 0.5
    expect(Array.from({ length: maximumAttempts }, (_, index) => delayAfterAttempt(index + 1, null, middle))).toEqual([
      5_000,
      300_000,
      1_800_000,
      7_200_000,
      18_000_000,
      36_000_000,
      36_000_000,
      null,
    ])
  })

  it('spreads each wait by at most a fifth either way', () => {
    for (const [index, base] of retryDelaysMs.entries()) {
      expect(delayAfterAttempt(index + 1, null, () => 0)).toBe(Math.round(base * 0.8))
      expect(delayAfterAttempt(index + 1, null, () => 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.2))
    }
  })

  it("waits as the receiver's Retry-After says, in seconds or as a date, for at most a day", () => {
    const now = new Date('2027-01-15T12:00:00Z')
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Fri, 15 Jan 2027 12:10:00 GMT', now)).toBe(600_000)
    expect(retryAfterMs('Fri, 15 Jan 2027 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('9999999', now)).toBe(86_400_000)
    expect(retryAfterMs('soon', now)).toBeNull()
    expect(retryAfterMs(undefined, now)).toBeNull()
    expect(delayAfterAttempt(1, 120_000)).toBe(120_000)
    // The last attempt has no next, whatever the receiver asks.
    expect(delayAfterAttempt(maximumAttempts, 120_000)).toBeNull()
  })
})
