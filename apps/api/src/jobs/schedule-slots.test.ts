import { describe, expect, it } from 'vitest'
import { latestSlot } from './schedule-slots.js'

const slot = (cadence: Parameters<typeof latestSlot>[0], now: string) =>
  latestSlot(cadence, new Date(now)).toISOString()

describe('the latest slot of a schedule', () => {
  it('falls on the clock for a period in minutes', () => {
    expect(slot({ everyMinutes: 60 }, '2026-11-28T10:37:12Z')).toBe('2026-11-28T10:00:00.000Z')
    expect(slot({ everyMinutes: 15 }, '2026-11-28T10:45:00Z')).toBe('2026-11-28T10:45:00.000Z')
  })

  it('is today’s time once it has passed in the time zone, else yesterday’s', () => {
    const berlin = { dailyAt: '08:00', timeZone: 'Europe/Berlin' }
    expect(slot(berlin, '2026-11-28T06:59:59Z')).toBe('2026-11-27T07:00:00.000Z')
    expect(slot(berlin, '2026-11-28T07:00:00Z')).toBe('2026-11-28T07:00:00.000Z')
    expect(slot(berlin, '2026-07-01T06:30:00Z')).toBe('2026-07-01T06:00:00.000Z') // summer time
  })

  it('reads the date on the zone’s own calendar, ahead of or behind UTC', () => {
    expect(slot({ dailyAt: '08:00', timeZone: 'Australia/Sydney' }, '2026-11-28T00:00:00Z')).toBe(
      '2026-11-27T21:00:00.000Z',
    )
    expect(slot({ dailyAt: '20:00', timeZone: 'America/Los_Angeles' }, '2026-11-28T05:00:00Z')).toBe(
      '2026-11-28T04:00:00.000Z',
    )
    expect(slot({ dailyAt: '00:30', timeZone: 'Pacific/Kiritimati' }, '2026-11-28T10:00:00Z')).toBe(
      '2026-11-27T10:30:00.000Z',
    )
  })

  it('keeps the wall-clock time across a change of offset', () => {
    const newYork = { dailyAt: '08:00', timeZone: 'America/New_York' }
    // 8 March 2026 the clocks go forward: 08:00 is 12:00 UTC that day and 13:00 UTC the day before.
    expect(slot(newYork, '2026-03-08T11:59:00Z')).toBe('2026-03-07T13:00:00.000Z')
    expect(slot(newYork, '2026-03-08T12:00:00Z')).toBe('2026-03-08T12:00:00.000Z')
  })
})
