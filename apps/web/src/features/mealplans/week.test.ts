import { describe, expect, it } from 'vitest'
import { addDays, ruleDayOf, todayIn, weekDays, weekStartOf } from './week'

describe('plan weeks', () => {
  it("start on the household's first day of the week", () => {
    // 2030-01-09 is a Wednesday.
    expect(weekStartOf('2030-01-09', 1)).toBe('2030-01-07')
    expect(weekStartOf('2030-01-09', 0)).toBe('2030-01-06')
    expect(weekStartOf('2030-01-09', 3)).toBe('2030-01-09')
    expect(weekStartOf('2030-01-09', 4)).toBe('2030-01-03')
    expect(weekDays('2029-12-30')).toEqual([
      '2029-12-30',
      '2029-12-31',
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
    ])
  })

  it('count days without daylight saving moving them', () => {
    expect(addDays('2030-03-30', 1)).toBe('2030-03-31')
    expect(addDays('2030-03-31', 1)).toBe('2030-04-01')
    expect(addDays('2030-10-27', -7)).toBe('2030-10-20')
    expect(ruleDayOf('2030-01-06')).toBe('sunday')
    expect(ruleDayOf('2030-01-07')).toBe('monday')
  })

  it("know today's date in the household's time zone", () => {
    const lateInLondon = new Date('2030-01-09T23:30:00Z')
    expect(todayIn('Europe/London', lateInLondon)).toBe('2030-01-09')
    expect(todayIn('Europe/Berlin', lateInLondon)).toBe('2030-01-10')
    expect(todayIn('America/Los_Angeles', lateInLondon)).toBe('2030-01-09')
  })
})
