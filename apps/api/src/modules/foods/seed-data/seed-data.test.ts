import { describe, expect, it } from 'vitest'
import { seedDataFor, seededLocales, seedLocaleFor } from './index.js'
import type { SeedData } from './types.js'

function duplicates(names: string[]): string[] {
  const seen = new Set<string>()
  return names.filter((name) => {
    const key = name.toLocaleLowerCase()
    if (seen.has(key)) return true
    seen.add(key)
    return false
  })
}

function strings(data: SeedData): string[] {
  return [...data.foods, ...data.units, ...data.labels].flatMap((entry) =>
    Object.values(entry).filter((value): value is string => typeof value === 'string'),
  )
}

function rgb(color: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16)) as [number, number, number]
}

const metric = /^(ml|cl|dl|l|g|kg|mg|hg)$/i

describe.each(seededLocales)('the %s seed lists', (locale) => {
  it('hold at least 200 foods, 20 units and 18 labels', async () => {
    const data = await seedDataFor(locale)
    expect(data.foods.length).toBeGreaterThanOrEqual(200)
    expect(data.units.length).toBeGreaterThanOrEqual(20)
    expect(data.labels.length).toBeGreaterThanOrEqual(18)
  })

  it('name every food, unit and label once, ignoring case', async () => {
    const data = await seedDataFor(locale)
    expect(duplicates(data.foods.map((food) => food.name))).toEqual([])
    expect(duplicates(data.units.map((unit) => unit.name))).toEqual([])
    expect(duplicates(data.labels.map((label) => label.name))).toEqual([])
  })

  it('hold no empty strings and no stray spaces', async () => {
    const data = await seedDataFor(locale)
    const bad = strings(data).filter((value) => value === '' || value !== value.trim() || /\s{2}/.test(value))
    expect(bad).toEqual([])
  })

  it('give every food a label of the same list', async () => {
    const data = await seedDataFor(locale)
    const labels = new Set(data.labels.map((label) => label.name))
    expect(data.foods.filter((food) => food.label === undefined || !labels.has(food.label))).toEqual([])
  })

  it('colour each label with a distinct #rrggbb', async () => {
    const { labels } = await seedDataFor(locale)
    expect(labels.filter((label) => !/^#[0-9a-f]{6}$/i.test(label.color))).toEqual([])
    const tooClose = labels.flatMap((a, index) =>
      labels.slice(index + 1).flatMap((b) => {
        const distance = Math.hypot(...rgb(a.color).map((channel, i) => channel - rgb(b.color)[i]!))
        return distance < 40 ? [`${a.name} ~ ${b.name}`] : []
      }),
    )
    expect(tooClose).toEqual([])
  })

  it('show metric units as decimals and the others as fractions', async () => {
    const { units } = await seedDataFor(locale)
    expect(units.filter((unit) => unit.fraction === undefined)).toEqual([])
    const decimals = units.filter((unit) => unit.fraction === false)
    expect(decimals.length).toBeGreaterThanOrEqual(5)
    expect(decimals.filter((unit) => !metric.test(unit.abbreviation ?? ''))).toEqual([])
    expect(units.filter((unit) => unit.fraction && metric.test(unit.abbreviation ?? ''))).toEqual([])
  })
})

describe('choosing the list for a locale', () => {
  it('uses a locale’s own list', async () => {
    for (const locale of seededLocales) expect(seedLocaleFor(locale)).toBe(locale)
    expect(seedLocaleFor('de_de')).toBe('de-DE')
    expect(seedLocaleFor('EN-gb')).toBe('en-GB')
    expect((await seedDataFor('de-DE')).units.map((unit) => unit.abbreviation)).toContain('EL')
  })

  it('borrows the list of the same language', async () => {
    expect(seedLocaleFor('fr-CA')).toBe('fr-FR')
    expect(seedLocaleFor('fr-BE')).toBe('fr-FR')
    expect(seedLocaleFor('en-AU')).toBe('en-GB')
    expect(seedLocaleFor('de-AT')).toBe('de-DE')
    expect(seedLocaleFor('pt-PT')).toBe('pt-BR')
    expect(seedLocaleFor('nl')).toBe('nl-NL')
    expect(await seedDataFor('fr-CA')).toBe(await seedDataFor('fr-FR'))
  })

  it('falls back to en-US for any other language, a bare "en" and nonsense', async () => {
    for (const locale of ['ja-JP', 'no-NO', 'zh-TW', 'en', '', 'xx-YY-zz'])
      expect(seedLocaleFor(locale), locale).toBe('en-US')
    expect(await seedDataFor('ja-JP')).toBe(await seedDataFor('en-US'))
    expect((await seedDataFor('ja-JP')).foods.map((food) => food.name)).toContain('zucchini')
  })
})
