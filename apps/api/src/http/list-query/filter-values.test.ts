import { describe, expect, it } from 'vitest'
import { parseBoolean, parseDate, parseDateTime, parseNumber, parseUuid, resolveRelativeDate } from './filter-values.js'

const now = new Date('2024-03-31T12:00:00.000Z')

describe('relative dates', () => {
  it.each([
    ['$NOW', '2024-03-31T12:00:00.000Z'],
    ['$NOW+30d', '2024-04-30T12:00:00.000Z'],
    ['$NOW-14d', '2024-03-17T12:00:00.000Z'],
    ['$NOW-1y', '2023-03-31T12:00:00.000Z'],
    ['$NOW+1m', '2024-05-01T12:00:00.000Z'],
    ['$NOW-5M', '2024-03-31T11:55:00.000Z'],
    ['$NOW+2H', '2024-03-31T14:00:00.000Z'],
    ['$NOW+90S', '2024-03-31T12:01:30.000Z'],
  ])('shifts %s', (value, expected) => {
    expect(resolveRelativeDate(value, now)).toBe(expected)
  })

  it('leaves other values alone', () => {
    expect(resolveRelativeDate('2024-01-01', now)).toBe('2024-01-01')
  })

  it.each(['$NOW+', '$NOW+d', '$NOW+1.5d', '$NOW*3d', '$NOW+3w', '$NOW+3D', '$NOWx', '$NOW+99999999y'])(
    'refuses %s with 400',
    (value) => {
      expect(() => resolveRelativeDate(value, now)).toThrow(/invalid query string/)
    },
  )
})

describe('value typing', () => {
  it('accepts UUID spellings and refuses anything else', () => {
    const canonical = '6f1c1a3e-0c55-4bde-9d35-5b1e3a7c9b10'
    expect(parseUuid(canonical.toUpperCase(), 'id')).toBe(canonical)
    expect(parseUuid(canonical.replaceAll('-', ''), 'id')).toBe(canonical)
    expect(parseUuid(`{${canonical}}`, 'id')).toBe(canonical)
    expect(parseUuid(`urn:uuid:${canonical}`, 'id')).toBe(canonical)
    expect(() => parseUuid('not-a-uuid', 'id')).toThrow(
      "invalid query string: 'not-a-uuid' is not a valid UUID for 'id'",
    )
  })

  it('reads booleans by their first letter, or 1', () => {
    for (const value of ['true', 'True', 't', 'yes', 'y', '1']) expect(parseBoolean(value)).toBe(true)
    for (const value of ['false', 'f', 'no', '0', 'n', '', 'maybe']) expect(parseBoolean(value)).toBe(false)
  })

  it('accepts numbers only', () => {
    expect(parseNumber('4', 'rating')).toBe('4')
    expect(parseNumber('-4.5e2', 'rating')).toBe('-4.5e2')
    for (const value of ['abc', '1e999', 'Infinity', '', '1,5']) {
      expect(() => parseNumber(value, 'rating')).toThrow(/is not a number/)
    }
  })

  it('parses ISO and looser date spellings', () => {
    expect(parseDateTime('2024-05-01').toISOString()).toBe('2024-05-01T00:00:00.000Z')
    expect(parseDateTime('2024-05-01T10:00:00Z').toISOString()).toBe('2024-05-01T10:00:00.000Z')
    expect(parseDateTime('2024-05-01 10:00:00+02:00').toISOString()).toBe('2024-05-01T08:00:00.000Z')
    expect(parseDateTime('2024-05-01T10:00:00.123456').toISOString()).toBe('2024-05-01T10:00:00.123Z')
    expect(parseDateTime('May 1 2024').getDate()).toBe(1)
    expect(parseDate('2024-05-01T23:30:00-05:00')).toBe('2024-05-01')
    expect(parseDate('May 1 2024')).toBe('2024-05-01')
  })

  it.each(['2024-13-01', '2024-02-30', '2024-05-01T25:00', 'yesterday-ish', '', '12345-01-01'])(
    'refuses the date %j',
    (value) => {
      expect(() => parseDateTime(value)).toThrow(/unknown date or datetime format/)
    },
  )
})
