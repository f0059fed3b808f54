import { describe, expect, it } from 'vitest'
import { durationParts, formatDuration, formatIsoDuration, parseDuration } from './durations.js'
import { findTimePhrases } from './time-phrases.js'

describe('parseDuration', () => {
  it.each([
    ['PT1H30M', 90],
    ['P1DT2H', 1560],
    ['PT45M', 45],
    ['pt20m', 20],
    ['PT30S', 0.5],
    ['PT1.5H', 90],
    ['P0Y0M0DT0H45M0S', 45],
    ['P1W', 10_080],
  ])('reads the ISO-8601 duration %s as %s minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes)
  })

  it.each([
    ['1 hour 30 minutes', 90],
    ['1 hr 30 min', 90],
    ['90 mins', 90],
    ['1½ hours', 90],
    ['1 1/2 hours', 90],
    ['1.5 hours', 90],
    ['1h30', 90],
    ['1h30m', 90],
    ['1 h 30', 90],
    ['2 hours and 15 minutes', 135],
    ['45 Minuten', 45],
    ['1,5 Stunden', 90],
    ['1 heure', 60],
    ['1 heure 30', 90],
    ['20 minuti', 20],
    ['2 uur', 120],
    ['an hour and a half', 90],
    ['half an hour', 30],
    ['About 25 min.', 25],
    ['10-15 min', 15],
    ['1 day', 1440],
    ['30 seconds', 0.5],
    ['45', 45],
    ['1:30', 90],
  ])('reads %j as %s minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes)
  })

  it('reads whole hours and minutes in English as the phrase grammar does, whichever way it reads them', () => {
    const hours = ['', '1 hour', '2 hours', '1hour', '3 hrs', '1 hr', '2h', '12 HOURS', '1 Hour', '0 hours']
    const minutes = ['', '20 minutes', '1 minute', '45 mins', '5 min', '30m', '15 Minutes', '0 minutes']
    const gaps = ['', ' ', '  ']
    let read = 0
    for (const hour of hours)
      for (const minute of minutes)
        for (const gap of gaps) {
          const text = `${hour}${hour && minute ? gap : ''}${minute}`
          if (!text) continue
          const phrase = findTimePhrases(text)[0]
          expect(parseDuration(text), text).toBe(phrase ? phrase.maxSeconds / 60 : null)
          read += 1
        }
    expect(read).toBeGreaterThan(200)
  })

  it.each([null, undefined, '', '   ', 'overnight', 'P', 'PT', 'P1DT', 'until golden', 'as needed'])(
    'recognises nothing in %j',
    (text) => {
      expect(parseDuration(text)).toBeNull()
    },
  )
})

describe('formatDuration', () => {
  it.each([
    [90, '1 h 30 min'],
    [45, '45 min'],
    [120, '2 h'],
    [1560, '1 d 2 h'],
    [1441, '1 d 1 min'],
    [0.5, '30 s'],
    [90.4, '1 h 30 min'],
    [0, '0 min'],
    [-5, '0 min'],
  ])('writes %s minutes as %j', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text)
  })

  it('reads back what it writes', () => {
    for (const minutes of [5, 45, 60, 90, 135, 1560]) expect(parseDuration(formatDuration(minutes))).toBe(minutes)
  })
})

describe('durationParts', () => {
  it('splits minutes into whole parts, seconds only below a minute', () => {
    expect(durationParts(1591)).toEqual({ days: 1, hours: 2, minutes: 31, seconds: 0 })
    expect(durationParts(0.25)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 15 })
    expect(durationParts(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('formatIsoDuration', () => {
  it.each([
    [90, 'PT1H30M'],
    [1560, 'P1DT2H'],
    [1440, 'P1D'],
    [0.5, 'PT30S'],
    [0, 'PT0M'],
  ])('writes %s minutes as %s', (minutes, text) => {
    expect(formatIsoDuration(minutes)).toBe(text)
    if (minutes > 0) expect(parseDuration(text)).toBe(minutes)
  })
})
