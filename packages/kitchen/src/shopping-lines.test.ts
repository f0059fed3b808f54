import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addToShoppingLines,
  removeShoppingShares,
  shoppingLineAmount,
  shoppingLineKey,
  storedShoppingAmount,
  withShoppingAmount,
  type ShoppingLine,
  type ShoppingRequest,
  type ShoppingUnit,
} from './shopping-lines.js'
import { recogniseUnit } from './unit-names.js'

const unit = (name: string, pluralName = `${name}s`): ShoppingUnit => ({ id: `unit-${name}`, name, pluralName })
const cup = unit('cup')
const millilitre = unit('milliliter')
const gram = unit('gram')
const kilogram = unit('kilogram')
const teaspoon = unit('teaspoon')
const tablespoon = unit('tablespoon')
const clove = unit('clove')
const flour = { id: 'food-flour', name: 'flour' }
const milk = { id: 'food-milk', name: 'milk' }
const garlic = { id: 'food-garlic', name: 'garlic' }
const egg = { id: 'food-egg', name: 'egg' }

function request(overrides: Partial<ShoppingRequest> & Pick<ShoppingRequest, 'source'>): ShoppingRequest {
  return { quantity: 1, unit: null, food: null, note: '', checked: false, ...overrides }
}

const build = (requests: ShoppingRequest[]) => requests.reduce(addToShoppingLines, [] as ShoppingLine[])

describe('shopping lines', () => {
  it('adds a cup and 250 ml of milk into one line, written in the list’s system', () => {
    const lines = build([
      request({ source: 'pancakes/1', food: milk, quantity: 1, unit: cup }),
      request({ source: 'porridge/0', food: milk, quantity: 250, unit: millilitre }),
    ])
    expect(lines).toHaveLength(1)
    expect(shoppingLineAmount(lines[0]!, 'metric')).toMatchObject({ quantity: 485, converted: true })
    expect(shoppingLineAmount(lines[0]!, 'metric').unit).toMatchObject({ key: 'ml' })
    expect(shoppingLineAmount(lines[0]!, 'us')).toMatchObject({ quantity: 2, unit: { key: 'cup' } })
  })

  it('adds grams to kilograms and teaspoons to tablespoons', () => {
    const [flourLine] = build([
      request({ source: 'a/0', food: flour, quantity: 1, unit: kilogram }),
      request({ source: 'b/0', food: flour, quantity: 250, unit: gram }),
    ])
    expect(shoppingLineAmount(flourLine!, 'metric')).toMatchObject({ quantity: 1.25, unit: { key: 'kg' } })
    const [spoons] = build([
      request({ source: 'a/1', food: flour, quantity: 1, unit: teaspoon }),
      request({ source: 'b/1', food: flour, quantity: 1, unit: tablespoon }),
    ])
    expect(shoppingLineAmount(spoons!, 'us')).toMatchObject({ quantity: 4, unit: { key: 'tsp' } })
  })

  it('keeps one unit when every share has it, instead of converting', () => {
    const [line] = build([
      request({ source: 'a/0', food: flour, quantity: 1, unit: cup }),
      request({ source: 'b/0', food: flour, quantity: 0.5, unit: cup }),
    ])
    expect(shoppingLineAmount(line!, 'metric')).toEqual({ quantity: 1.5, unit: cup, converted: false })
  })

  it('adds lines without a unit by count, and keeps other units to themselves', () => {
    const lines = build([
      request({ source: 'a/0', food: egg, quantity: 2 }),
      request({ source: 'b/0', food: egg, quantity: 3 }),
      request({ source: 'a/1', food: garlic, quantity: 2, unit: clove }),
      request({ source: 'b/1', food: garlic, quantity: 1, unit: clove }),
      request({ source: 'c/0', food: garlic, quantity: 1 }),
    ])
    expect(lines.map((line) => [line.food?.name, shoppingLineAmount(line, 'metric').quantity])).toEqual([
      ['egg', 5],
      ['garlic', 3],
      ['garlic', 1],
    ])
  })

  it('merges lines without a food only on identical text', () => {
    const lines = build([
      request({ source: 'a', note: 'Kitchen roll' }),
      request({ source: 'b', note: '  kitchen   roll ' }),
      request({ source: 'c', note: 'paper towels' }),
    ])
    expect(lines.map((line) => [line.note, shoppingLineAmount(line, 'metric').quantity])).toEqual([
      ['Kitchen roll', 2],
      ['paper towels', 1],
    ])
  })

  it('never merges a checked line with an unchecked one', () => {
    const lines = build([
      request({ source: 'a/0', food: flour, quantity: 200, unit: gram, checked: true }),
      request({ source: 'b/0', food: flour, quantity: 100, unit: gram }),
    ])
    expect(lines.map((line) => line.checked)).toEqual([true, false])
  })

  it('gives a week of seven identical recipes one line per food', () => {
    const recipe = [
      { food: flour, quantity: 200, unit: gram },
      { food: milk, quantity: 300, unit: millilitre },
      { food: egg, quantity: 2, unit: null },
    ]
    const week = Array.from({ length: 7 }, (_, day) =>
      recipe.map((ingredient, index) => request({ source: `day-${day}/${index}`, ...ingredient })),
    ).flat()
    const lines = build(week)
    expect(lines.map((line) => [line.food?.name, shoppingLineAmount(line, 'metric').quantity])).toEqual([
      ['flour', 1400],
      ['milk', 2100],
      ['egg', 14],
    ])
  })

  it('counts a recipe that needs one food twice as two shares of one line', () => {
    const [butter] = build([
      request({ source: 'pie/0', food: flour, quantity: 100, unit: gram }),
      request({ source: 'pie/4', food: flour, quantity: 50, unit: gram }),
    ])
    expect(shoppingLineAmount(butter!, 'metric').quantity).toBe(150)
  })

  it('sets a source’s share again instead of doubling it (the same plan days shopped for twice)', () => {
    const once = build([request({ source: 'entry-1/0', food: flour, quantity: 200, unit: gram })])
    const twice = addToShoppingLines(once, request({ source: 'entry-1/0', food: flour, quantity: 200, unit: gram }))
    expect(twice).toEqual(once)
  })

  it('changes only a recipe’s share when its servings change', () => {
    const lines = build([
      request({ source: 'soup/0', food: milk, quantity: 200, unit: millilitre }),
      request({ source: 'cake/0', food: milk, quantity: 100, unit: millilitre }),
    ])
    const doubledSoup = addToShoppingLines(
      lines,
      request({ source: 'soup/0', food: milk, quantity: 400, unit: millilitre }),
    )
    expect(shoppingLineAmount(doubledSoup[0]!, 'metric').quantity).toBe(500)
    const withoutCake = removeShoppingShares(doubledSoup, (source) => source.startsWith('cake/'))
    expect(shoppingLineAmount(withoutCake[0]!, 'metric').quantity).toBe(400)
  })
})

describe('shopping lines, for any requests', () => {
  const units = [cup, millilitre, gram, kilogram, teaspoon, tablespoon, clove, null]
  const foods = [flour, milk, garlic, egg, null]
  const requestArbitrary = fc.record({
    quantity: fc.option(
      fc.integer({ min: 1, max: 2000 }).map((value) => value / 4),
      { nil: null },
    ),
    unit: fc.constantFrom(...units),
    food: fc.constantFrom(...foods),
    note: fc.constantFrom('', 'kitchen roll', 'Kitchen Roll', 'foil'),
    checked: fc.boolean(),
  })
  // Each request gets a source of its own, as each ingredient line added does.
  const requestsArbitrary = fc
    .array(requestArbitrary, { maxLength: 25 })
    .map((requests) => requests.map((fields, index): ShoppingRequest => ({ ...fields, source: `source-${index}` })))

  /** A list as a set: lines by key, shares by source. */
  const canonical = (lines: ShoppingLine[]) =>
    lines
      .map((line) => ({ ...line, shares: [...line.shares].sort((a, b) => a.source.localeCompare(b.source)) }))
      .sort((a, b) => a.key.localeCompare(b.key))

  it('gives the same lines in any order of adding', () => {
    fc.assert(
      fc.property(requestsArbitrary, fc.infiniteStream(fc.nat()), (requests, randomness) => {
        const shuffled = [...requests].sort(() => (randomness.next().value % 3) - 1)
        const a = canonical(build(requests))
        const b = canonical(build(shuffled))
        expect(b.map((line) => line.key)).toEqual(a.map((line) => line.key))
        for (const [index, line] of a.entries()) {
          expect(b[index]!.shares).toEqual(line.shares)
          expect(shoppingLineAmount(b[index]!, 'metric')).toEqual(shoppingLineAmount(line, 'metric'))
        }
      }),
    )
  })

  it('leaves the list as it was after adding a source and removing it, in any order between', () => {
    fc.assert(
      fc.property(requestsArbitrary, requestsArbitrary, requestArbitrary, (before, after, added) => {
        const start = build(before)
        const withAdded = addToShoppingLines(start, { ...added, source: 'added' })
        const more = after.reduce(addToShoppingLines, withAdded)
        const expected = after.reduce(addToShoppingLines, start)
        expect(canonical(removeShoppingShares(more, (source) => source === 'added'))).toEqual(canonical(expected))
        expect(removeShoppingShares(withAdded, (source) => source === 'added')).toEqual(start)
      }),
    )
  })

  it('loses no amount: every food’s total per dimension is the sum of what was asked', () => {
    fc.assert(
      fc.property(requestsArbitrary, (requests) => {
        const totals = new Map<string, number>()
        const count = (key: string, amount: number) => totals.set(key, (totals.get(key) ?? 0) + amount)
        for (const asked of requests) {
          if (asked.quantity == null) continue
          const standard = recogniseUnit(asked.unit)
          const measure = standard?.kind ?? asked.unit?.id ?? 'count'
          count(`${asked.food?.id ?? asked.note.toLowerCase()}|${measure}`, asked.quantity * (standard?.size ?? 1))
        }
        for (const line of build(requests)) {
          for (const share of line.shares) {
            if (share.quantity == null) continue
            const standard = recogniseUnit(share.unit)
            const measure = standard?.kind ?? share.unit?.id ?? 'count'
            count(`${line.food?.id ?? line.note.toLowerCase()}|${measure}`, -share.quantity * (standard?.size ?? 1))
          }
        }
        for (const remainder of totals.values()) expect(Math.abs(remainder)).toBeLessThan(1e-6)
      }),
    )
  })

  it('never puts a checked and an unchecked request, or two dimensions, in one line', () => {
    fc.assert(
      fc.property(requestsArbitrary, (requests) => {
        const keyBySource = new Map(requests.map((asked) => [asked.source, shoppingLineKey(asked)]))
        for (const line of build(requests)) {
          for (const share of line.shares) expect(keyBySource.get(share.source)).toBe(line.key)
        }
      }),
    )
  })
})

describe('stored shopping amounts', () => {
  const line = (shares: ShoppingLine['shares']): ShoppingLine => ({
    key: 'k',
    food: milk,
    note: '',
    checked: false,
    shares,
  })

  it('keeps one unit as it is, and writes a sum across units in a unit of the group', () => {
    const one = line([{ source: 'a', quantity: 2, unit: cup, note: '' }])
    expect(storedShoppingAmount(one, 'metric', [millilitre])).toEqual({ quantity: 2, unit: cup })
    const mixed = line([
      { source: 'a', quantity: 1, unit: cup, note: '' },
      { source: 'b', quantity: 250, unit: millilitre, note: '' },
    ])
    expect(storedShoppingAmount(mixed, 'metric', [millilitre])).toEqual({ quantity: 485, unit: millilitre })
  })

  it('writes a sum in the line’s own unit of the system when the group has no unit of its name', () => {
    const mixed = line([
      { source: 'a', quantity: 1, unit: kilogram, note: '' },
      { source: 'b', quantity: 500, unit: gram, note: '' },
    ])
    // 1.5 kg: the group has neither "kilogram" as named by writeAmount nor more; the line's units are used.
    const stored = storedShoppingAmount(mixed, 'metric', [])
    expect(stored.unit && [gram.id, kilogram.id]).toContain(stored.unit!.id)
    expect(stored.unit!.id === kilogram.id ? stored.quantity : stored.quantity / 1000).toBeCloseTo(1.5)
  })

  it('writes teaspoons and tablespoons summed in a spoon exactly, when the group has no millilitres', () => {
    const spoons = line([
      { source: 'a', quantity: 3, unit: teaspoon, note: '' },
      { source: 'b', quantity: 1, unit: tablespoon, note: '' },
    ])
    expect(storedShoppingAmount(spoons, 'metric', [])).toEqual({ quantity: 6, unit: teaspoon })
  })

  it('sets the typed share so that the line comes to the amount asked, keeping the recipes’ shares', () => {
    const start = line([{ source: 'recipe:r:-:0', quantity: 1, unit: cup, note: '' }])
    const set = withShoppingAmount(start, 'own', 3, cup)
    expect(set.shares).toEqual([
      { source: 'recipe:r:-:0', quantity: 1, unit: cup, note: '' },
      { source: 'own', quantity: 2, unit: cup, note: '' },
    ])
    expect(shoppingLineAmount(set, 'us').quantity).toBe(3)
    // Back to the recipe's own amount: the typed share goes.
    expect(withShoppingAmount(set, 'own', 1, cup).shares).toEqual(start.shares)
  })

  it('reaches any amount asked, in the line’s unit, whatever shares it holds', () => {
    const shareArbitrary = fc.record({
      quantity: fc.integer({ min: 1, max: 4000 }).map((value) => value / 4),
      unit: fc.constantFrom(millilitre, cup, teaspoon, tablespoon),
    })
    fc.assert(
      fc.property(fc.array(shareArbitrary, { maxLength: 6 }), fc.integer({ min: 0, max: 8000 }), (shares, target) => {
        const start = line(shares.map((share, index) => ({ source: `recipe:${index}`, note: '', ...share })))
        const set = withShoppingAmount(start, 'own', target / 4, millilitre)
        const base = set.shares.reduce((sum, share) => sum + share.quantity! * recogniseUnit(share.unit)!.size, 0)
        expect(base).toBeCloseTo(target / 4, 1)
        // The recipes' shares are untouched.
        expect(set.shares.filter((share) => share.source !== 'own')).toEqual(start.shares)
      }),
    )
  })
})
