import { createFood, seedFoods, seedLabels, seedUnits } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { foods, labels, units } from '../../db/schema/index.js'
import { seedDataFor } from './seed-data/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const organizer = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: household.id })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, organizer, member, stranger }
}

const seeders = [
  { kind: 'foods', endpoint: seedFoods, table: foods },
  { kind: 'units', endpoint: seedUnits, table: units },
  { kind: 'labels', endpoint: seedLabels, table: labels },
] as const

describe.each(seeders)('seeding $kind', ({ kind, endpoint, table }) => {
  it("adds the locale's list to the caller's group once, however often and however parallel it runs", async () => {
    const { api, db, organizer, stranger } = await kitchen()
    const entries: { name: string }[] = (await seedDataFor('en-US'))[kind]
    const expected = entries.map((entry) => entry.name).sort()
    const first = await api.call(endpoint, { as: organizer, body: { locale: 'en-US' } })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ message: 'Seeding Successful', error: false })
    const namesOf = async (groupId: string) =>
      (await db.select({ name: table.name }).from(table).where(eq(table.groupId, groupId)))
        .map((row) => row.name)
        .sort()
    expect(await namesOf(organizer.groupId)).toEqual(expected)

    await api.ok(endpoint, { as: organizer, body: { locale: 'en-US' } })
    const parallel = await Promise.all(
      Array.from({ length: 4 }, () => api.call(endpoint, { as: stranger, body: { locale: 'en-US' } })),
    )
    expect(parallel.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(await namesOf(organizer.groupId)).toEqual(expected)
    expect(await namesOf(stranger.groupId)).toEqual(expected)
  })

  it('falls back to en-US for a locale without its own list, refuses an unknown locale and a plain member', async () => {
    const { api, db, organizer, member } = await kitchen()
    expect((await api.call(endpoint, { as: organizer, body: { locale: 'xx-XX' as 'en-US' } })).status).toBe(422)
    expect((await api.call(endpoint, { as: member, body: { locale: 'en-US' } })).status).toBe(403)
    expect(await db.select().from(table)).toEqual([])
    expect((await api.call(endpoint, { as: organizer, body: { locale: 'is-IS' } })).status).toBe(200)
    expect((await db.select().from(table)).length).toBe((await seedDataFor('is-IS'))[kind].length)
  })
})

describe('seeding foods after labels', () => {
  it("gives each seeded food the group's label its entry names, and each label its colour", async () => {
    const { api, db, organizer } = await kitchen()
    const data = await seedDataFor('en-US')
    await api.ok(seedLabels, { as: organizer, body: { locale: 'en-US' } })
    await api.ok(seedUnits, { as: organizer, body: { locale: 'en-US' } })
    await api.ok(seedFoods, { as: organizer, body: { locale: 'en-US' } })
    const labelRows = await db.select().from(labels)
    const labelNames = new Map(labelRows.map((row) => [row.id, row.name]))
    const foodRows = await db.select().from(foods)
    for (const entry of data.foods) {
      const row = foodRows.find((food) => food.name === entry.name)!
      expect(row.labelId ? labelNames.get(row.labelId) : undefined, entry.name).toBe(entry.label)
    }
    for (const entry of data.labels) {
      expect(labelRows.find((row) => row.name === entry.name)?.color).toBe(entry.color)
    }
    const unitRows = await db.select().from(units)
    for (const entry of data.units) {
      expect(unitRows.find((row) => row.name === entry.name)?.fraction, entry.name).toBe(entry.fraction ?? true)
    }
  })
})

describe('seeding foods into a group that has some', () => {
  it('keeps the foods it has as they are', async () => {
    const { api, db, organizer } = await kitchen()
    await api.ok(createFood, { as: organizer, body: { name: 'apple', description: 'Ours' } })
    await api.ok(seedFoods, { as: organizer, body: { locale: 'en-US' } })
    const [apple] = await db.select().from(foods).where(eq(foods.name, 'apple'))
    expect(apple).toMatchObject({ description: 'Ours', pluralName: null })
  })
})
