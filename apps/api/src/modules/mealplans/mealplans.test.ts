import {
  createMealplan,
  deleteMealplan,
  getMealplan,
  getMealplanSettings,
  getTodaysMealplan,
  listMealplans,
  updateMealplan,
  updateMealplanSettings,
  type ReadPlanEntry,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { mealPlanEntries } from '../../db/schema/index.js'
import { eventsAfter } from '../../events/outbox.js'
import { dateIn } from '../../lib/zoned-time.js'

async function kitchen(environment: Record<string, string> = {}) {
  const testApp = await createTestApp(environment)
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id })
  const mate = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id })
  const stranger = await testApp.make.user()
  return { ...testApp, household, cook, mate, neighbour, stranger }
}

type Kitchen = Awaited<ReturnType<typeof kitchen>>
const rowsOf = (testApp: Pick<Kitchen, 'db'>, householdId: string) =>
  testApp.db.select().from(mealPlanEntries).where(eq(mealPlanEntries.householdId, householdId))

describe('meal-plan entries', () => {
  it("creates, reads, lists, replaces and deletes entries in Mealie's shapes; any member writes", async () => {
    const { api, make, cook, mate, neighbour } = await kitchen()
    const soup = await make.recipe({ owner: neighbour, name: 'Neighbour Soup' })
    const created = await api.call(createMealplan, {
      as: cook,
      body: { date: '2026-03-02', entryType: 'dinner', recipeId: soup.id },
    })
    expect(created.status).toBe(201)
    const entry = created.body as ReadPlanEntry
    expect(entry).toEqual({
      id: expect.any(Number),
      date: '2026-03-02',
      entryType: 'dinner',
      title: '',
      text: '',
      recipeId: soup.id,
      groupId: cook.groupId,
      userId: cook.id,
      householdId: cook.householdId,
      recipe: expect.objectContaining({ id: soup.id, name: 'Neighbour Soup', slug: 'neighbour-soup' }),
      locked: false,
      servings: null,
    })
    const note = await api.ok(createMealplan, {
      as: mate,
      body: { date: '2026-03-03', title: 'Leftovers', text: 'From the freezer' },
    })
    expect(note).toMatchObject({ entryType: 'breakfast', recipeId: null, recipe: null, title: 'Leftovers' })
    expect(await api.ok(getMealplan, { as: mate, params: { id: entry.id } })).toEqual(entry)

    const listed = await api.ok(listMealplans, {
      as: mate,
      query: { start_date: '2026-03-01', end_date: '2026-03-02', perPage: -1 },
    })
    expect(listed.items.map((item) => item.id)).toEqual([entry.id])
    expect(listed).toMatchObject({ total: 1, next: null, previous: null })
    const from = await api.ok(listMealplans, { as: mate, query: { start_date: '2026-03-03' } })
    expect(from.items.map((item) => item.id)).toEqual([note.id])
    const until = await api.ok(listMealplans, { as: mate, query: { end_date: '2026-03-02' } })
    expect(until.items.map((item) => item.id)).toEqual([entry.id])
    const filtered = await api.ok(listMealplans, {
      as: mate,
      query: { queryFilter: 'entryType = breakfast', start_date: '2026-01-01', end_date: '2026-12-31' },
    })
    expect(filtered.items.map((item) => item.id)).toEqual([note.id])
    const ordered = await api.ok(listMealplans, { as: mate, query: { orderBy: 'date', orderDirection: 'asc' } })
    expect(ordered.items.map((item) => item.date)).toEqual(['2026-03-02', '2026-03-03'])

    // Mealie's clients send back what they read.
    const replaced = await api.ok(updateMealplan, {
      as: mate,
      params: { id: entry.id },
      body: { ...entry, recipeId: null, title: 'Pizza night', entryType: 'snack', locked: true },
    })
    expect(replaced).toMatchObject({
      id: entry.id,
      recipe: null,
      title: 'Pizza night',
      entryType: 'snack',
      locked: true,
      userId: cook.id,
    })
    expect(await api.ok(deleteMealplan, { as: mate, params: { id: entry.id } })).toEqual(replaced)
    expect((await api.call(getMealplan, { as: cook, params: { id: entry.id } })).status).toBe(404)
    expect((await api.call(deleteMealplan, { as: cook, params: { id: entry.id } })).status).toBe(404)
  })

  it('publishes mealplan-entry.created, .updated and .deleted through the outbox, for the household', async () => {
    const { api, db, make, cook } = await kitchen()
    const soup = await make.recipe({ owner: cook, name: 'Soup' })
    const entry = await api.ok(createMealplan, { as: cook, body: { date: '2026-03-02', recipeId: soup.id } })
    await api.ok(updateMealplan, { as: cook, params: { id: entry.id }, body: { ...entry, entryType: 'lunch' } })
    await api.ok(deleteMealplan, { as: cook, params: { id: entry.id } })
    const events = (await eventsAfter(db, cook.groupId, 0, 50)).filter((event) => event.type.startsWith('mealplan'))
    expect(events.map((event) => event.type)).toEqual([
      'mealplan-entry.created',
      'mealplan-entry.updated',
      'mealplan-entry.deleted',
    ])
    for (const event of events) {
      expect(event.householdOnly).toBe(true)
      expect(event.householdId).toBe(cook.householdId)
      expect(event.document).toEqual({
        mealplanId: entry.id,
        date: '2026-03-02',
        recipeId: soup.id,
        recipeName: 'Soup',
        recipeSlug: 'soup',
      })
    }
  })

  it.each([
    ['no recipe and no title', { date: '2026-03-02' }, 'recipeId'],
    ['a blank title alone', { date: '2026-03-02', title: '   ' }, 'recipeId'],
    ['an unknown entry type', { date: '2026-03-02', title: 'x', entryType: 'brunch' }, 'entryType'],
    ['a date that is not one', { date: '2026-02-30', title: 'x' }, 'date'],
    ['a date in another form', { date: '02/03/2026', title: 'x' }, 'date'],
    ['no date', { title: 'x' }, 'date'],
    ['a recipe id that is not a UUID', { date: '2026-03-02', recipeId: 'soup' }, 'recipeId'],
    ['a recipe of no one', { date: '2026-03-02', recipeId: '00000000-0000-4000-8000-000000000000' }, 'recipeId'],
    ['a title of 501 characters', { date: '2026-03-02', title: 'x'.repeat(501) }, 'title'],
    ['a locked flag that is not a boolean', { date: '2026-03-02', title: 'x', locked: 'yes' }, 'locked'],
    ['no servings (0)', { date: '2026-03-02', title: 'x', servings: 0 }, 'servings'],
    ['servings below none', { date: '2026-03-02', title: 'x', servings: -2 }, 'servings'],
    ['servings as text', { date: '2026-03-02', title: 'x', servings: '4' }, 'servings'],
    ['servings beyond any kitchen', { date: '2026-03-02', title: 'x', servings: 10_001 }, 'servings'],
  ])('refuses %s with 422 at the field and writes nothing', async (_case, body, field) => {
    const { api, cook, ...rest } = await kitchen()
    const answer = await api.call(createMealplan, { as: cook, body: body as never })
    expect(answer.status).toBe(422)
    const detail = (answer.body as unknown as { detail: Array<{ loc: string[] }> }).detail
    expect(detail[0]!.loc).toEqual(['body', field])
    expect(await rowsOf(rest, cook.householdId)).toEqual([])
  })

  it("keeps an entry's servings (Larder's addition): a PUT without them keeps them, null clears them", async () => {
    const { api, app, cook, mate } = await kitchen()
    const entry = await api.ok(createMealplan, { as: cook, body: { date: '2026-03-02', title: 'Stew', servings: 6 } })
    expect(entry.servings).toBe(6)
    expect(await api.ok(getMealplan, { as: mate, params: { id: entry.id } })).toMatchObject({ servings: 6 })
    // A Mealie client builds the entry without the field: the entry keeps its servings.
    const { servings: _servings, ...mealie } = entry
    const moved = await api.ok(updateMealplan, {
      as: mate,
      params: { id: entry.id },
      body: { ...mealie, date: '2026-03-03' },
    })
    expect(moved).toMatchObject({ date: '2026-03-03', servings: 6 })
    const halved = await app.inject({
      method: 'PUT',
      url: `/api/households/mealplans/${entry.id}`,
      headers: { authorization: api.authorization(cook) },
      payload: { date: '2026-03-03', entry_type: 'dinner', title: 'Stew', servings: 2.5 },
    })
    expect(halved.statusCode).toBe(200)
    expect(halved.json()).toMatchObject({ entryType: 'dinner', servings: 2.5 })
    const cleared = await api.ok(updateMealplan, {
      as: cook,
      params: { id: entry.id },
      body: { ...moved, servings: null },
    })
    expect(cleared.servings).toBeNull()
    const filtered = await api.ok(listMealplans, { as: cook, query: { queryFilter: 'servings IS NULL' } })
    expect(filtered.items.map((item) => item.id)).toEqual([entry.id])
  })

  it.each([0, -1, '6', 10_001, true])('refuses servings %j on a PUT with 422 and keeps the entry', async (servings) => {
    const { api, cook, ...rest } = await kitchen()
    const entry = await api.ok(createMealplan, { as: cook, body: { date: '2026-03-02', title: 'Stew', servings: 4 } })
    const answer = await api.call(updateMealplan, {
      as: cook,
      params: { id: entry.id },
      body: { ...entry, title: 'Changed', servings } as never,
    })
    expect(answer.status).toBe(422)
    const detail = (answer.body as unknown as { detail: Array<{ loc: string[] }> }).detail
    expect(detail[0]!.loc).toEqual(['body', 'servings'])
    expect(await rowsOf(rest, cook.householdId)).toEqual([expect.objectContaining({ title: 'Stew', servings: 4 })])
  })

  it('refuses a recipe of another group, a mismatched id, bad ids and bad list queries, changing nothing', async () => {
    const { api, make, cook, stranger, ...rest } = await kitchen()
    const foreign = await make.recipe({ owner: stranger })
    const refused = await api.call(createMealplan, { as: cook, body: { date: '2026-03-02', recipeId: foreign.id } })
    expect(refused.status).toBe(422)
    const entry = await api.ok(createMealplan, { as: cook, body: { date: '2026-03-02', title: 'Stew' } })
    const mismatched = await api.call(updateMealplan, {
      as: cook,
      params: { id: entry.id },
      body: { ...entry, id: entry.id + 1, title: 'Changed' },
    })
    expect(mismatched.status).toBe(422)
    const foreignUpdate = await api.call(updateMealplan, {
      as: cook,
      params: { id: entry.id },
      body: { ...entry, recipeId: foreign.id },
    })
    expect(foreignUpdate.status).toBe(422)
    for (const id of ['abc', '1.5', '0', '-1', '99999999999']) {
      const answer = await api.call(getMealplan, { as: cook, params: { id: id } })
      expect(answer.status, id).toBe(422)
    }
    for (const query of [
      { start_date: 'yesterday' },
      { end_date: '2026-13-01' },
      { queryFilter: 'colour = red' },
      { orderBy: 'password' },
    ]) {
      const answer = await api.call(listMealplans, { as: cook, query })
      expect([400, 422], JSON.stringify(query)).toContain(answer.status)
    }
    expect((await rowsOf(rest, cook.householdId)).map((row) => row.title)).toEqual(['Stew'])
  })

  it("keeps another household's and another group's entries out of reach", async () => {
    const { api, cook, neighbour, stranger, ...rest } = await kitchen()
    const entry = await api.ok(createMealplan, { as: cook, body: { date: '2026-03-02', title: 'Ours' } })
    for (const outsider of [neighbour, stranger]) {
      expect((await api.call(getMealplan, { as: outsider, params: { id: entry.id } })).status).toBe(404)
      const update = await api.call(updateMealplan, {
        as: outsider,
        params: { id: entry.id },
        body: { ...entry, title: 'Theirs' },
      })
      expect(update.status).toBe(404)
      expect((await api.call(deleteMealplan, { as: outsider, params: { id: entry.id } })).status).toBe(404)
      const listed = await api.ok(listMealplans, { as: outsider, query: { perPage: -1 } })
      expect(listed.items).toEqual([])
      // A queryFilter cannot reach past the household.
      const reached = await api.ok(listMealplans, {
        as: outsider,
        query: { queryFilter: `household_id = "${cook.householdId}"` },
      })
      expect(reached.items).toEqual([])
    }
    expect((await rowsOf(rest, cook.householdId)).map((row) => row.title)).toEqual(['Ours'])
  })

  it('takes 20 parallel creates of one household, each once with its own id', async () => {
    const { api, cook, mate, ...rest } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api.call(createMealplan, {
          as: index % 2 ? cook : mate,
          body: { date: `2026-04-${String(index + 1).padStart(2, '0')}`, title: `Meal ${index}` },
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201))
    const ids = answers.map((answer) => (answer.body as ReadPlanEntry).id)
    expect(new Set(ids).size).toBe(20)
    expect(await rowsOf(rest, cook.householdId)).toHaveLength(20)
    const listed = await api.ok(listMealplans, { as: cook, query: { perPage: -1 } })
    expect(listed.total).toBe(20)
  })
})

describe('today and the settings', () => {
  it("answers today's entries by the household's time zone, not UTC", async () => {
    const { api, cook, neighbour } = await kitchen()
    // Zones at both ends of the day: somewhere it is already tomorrow or still yesterday against UTC.
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']
    for (const zone of zones) {
      await api.ok(updateMealplanSettings, { as: cook, body: { timeZone: zone } })
      const today = dateIn(new Date(), zone)
      const mine = await api.ok(createMealplan, { as: cook, body: { date: today, title: `In ${zone}` } })
      const answered = await api.ok(getTodaysMealplan, { as: cook })
      expect(answered.map((entry) => entry.id)).toContain(mine.id)
      expect(answered.every((entry) => entry.date === today)).toBe(true)
    }
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are never on the same date.
    expect(dateIn(new Date(), 'Pacific/Kiritimati')).not.toBe(dateIn(new Date(), 'Pacific/Pago_Pago'))
    await api.ok(updateMealplanSettings, { as: cook, body: { timeZone: 'Pacific/Kiritimati' } })
    const kiritimati = await api.ok(getTodaysMealplan, { as: cook })
    // UTC shares Kiritimati's date before 10:00 UTC and Pago Pago's after 11:00: which depends on the hour of the run.
    const kiritimatiToday = dateIn(new Date(), 'Pacific/Kiritimati')
    const sameDate = zones.filter((zone) => dateIn(new Date(), zone) === kiritimatiToday).map((zone) => `In ${zone}`)
    expect(kiritimati.map((entry) => entry.title).sort()).toEqual(sameDate.sort())
    expect(sameDate).not.toContain('In Pacific/Pago_Pago')
    // The neighbour's household has its own settings, and none of our entries.
    expect(await api.ok(getTodaysMealplan, { as: neighbour })).toEqual([])
  })

  it("defaults to the instance's TZ, and changes only what a PUT gives", async () => {
    const { api, cook, neighbour } = await kitchen({ TZ: 'Europe/Berlin' })
    const defaults = await api.ok(getMealplanSettings, { as: cook })
    expect(defaults).toEqual({
      timeZone: 'Europe/Berlin',
      mealTimes: {
        breakfast: '08:00',
        lunch: '12:30',
        snack: '16:00',
        dinner: '18:30',
        side: '18:30',
        drink: '18:30',
        dessert: '19:30',
      },
      noRepeatDays: 14,
    })
    const changed = await api.ok(updateMealplanSettings, {
      as: cook,
      body: { mealTimes: { dinner: '19:15' }, noRepeatDays: 7 },
    })
    expect(changed).toEqual({ ...defaults, mealTimes: { ...defaults.mealTimes, dinner: '19:15' }, noRepeatDays: 7 })
    const zoned = await api.ok(updateMealplanSettings, { as: cook, body: { timeZone: 'America/New_York' } })
    expect(zoned).toEqual({ ...changed, timeZone: 'America/New_York' })
    expect(await api.ok(getMealplanSettings, { as: neighbour })).toEqual(defaults)
    // Two people changing two meals at once both keep theirs.
    await Promise.all([
      api.ok(updateMealplanSettings, { as: neighbour, body: { mealTimes: { lunch: '11:45' } } }),
      api.ok(updateMealplanSettings, { as: neighbour, body: { mealTimes: { snack: '15:30' } } }),
    ])
    const both = await api.ok(getMealplanSettings, { as: neighbour })
    expect(both.mealTimes).toMatchObject({ lunch: '11:45', snack: '15:30', dinner: '18:30' })
  })

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }],
    ['an empty zone', { timeZone: '' }],
    ['a meal time past midnight', { mealTimes: { dinner: '24:00' } }],
    ['a meal time without minutes', { mealTimes: { lunch: '12' } }],
    ['a meal time of an unknown type', { mealTimes: { brunch: '11:00' } }],
    ['a negative window', { noRepeatDays: -1 }],
    ['a window over a year', { noRepeatDays: 366 }],
    ['a fractional window', { noRepeatDays: 1.5 }],
  ])('refuses %s with 422 and keeps the settings', async (_case, body) => {
    const { api, cook } = await kitchen()
    const before = await api.ok(getMealplanSettings, { as: cook })
    const answer = await api.call(updateMealplanSettings, { as: cook, body: body as never })
    expect(answer.status).toBe(422)
    expect(await api.ok(getMealplanSettings, { as: cook })).toEqual(before)
  })
})
