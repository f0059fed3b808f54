import { describe, expect, it } from 'vitest'
import { eventCatalogue, eventTypes } from './catalogue.js'

describe('the event catalogue', () => {
  it("declares each of Mealie's numbered notifier events, 1 to 22, with the name its notifier flag has", () => {
    const numbers = new Set(eventTypes.flatMap((type) => eventCatalogue[type].notifier?.number ?? []))
    // Larder's own notifier events are numbered from 100, clear of Mealie's.
    const mealies = [...numbers].filter((number) => number < 100)
    expect(mealies.sort((a, b) => a - b)).toEqual(Array.from({ length: 22 }, (_, index) => index + 1))
    expect([...numbers].filter((number) => number >= 100)).toEqual([100])
    for (const type of eventTypes) {
      const notifier = eventCatalogue[type].notifier
      if (notifier) expect(notifier.name, type).toMatch(/^[a-z_]+$/)
    }
  })

  it('names every type as `area.change` and gives it a document of ids that refuses a missing id', () => {
    for (const type of eventTypes) {
      expect(type, type).toMatch(/^[a-z-]+(\.[a-z-]+)?$/)
      const required = Object.entries(eventCatalogue[type].document.shape).filter(
        ([, schema]) => !schema.safeParse(undefined).success,
      )
      if (required.length > 0) expect(eventCatalogue[type].document.safeParse({}).success, type).toBe(false)
    }
  })

  it('announces tools, foods, units and labels live only, as Mealie sends no notifier for them', () => {
    for (const area of ['tool', 'food', 'unit', 'label'])
      for (const change of ['created', 'updated', 'deleted'])
        expect(eventCatalogue[`${area}.${change}` as keyof typeof eventCatalogue].notifier).toBeUndefined()
  })
})
