import {
  createMealplan,
  getMealplanCalendar,
  getMealplanCalendarFeed,
  resetMealplanCalendar,
  updateMealplanSettings,
} from '@larder/contracts'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { addDays, dateIn } from '../../lib/zoned-time.js'

async function kitchen() {
  const testApp = await createTestApp({ BASE_URL: 'https://larder.example.com' })
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id })
  const stranger = await testApp.make.user()
  return { ...testApp, household, cook, neighbour, stranger }
}

/** The feed at a token, as a calendar client reads it: no credentials. */
async function feed(testApp: Awaited<ReturnType<typeof kitchen>>, token: string) {
  return testApp.api.call(getMealplanCalendarFeed, { params: { token } })
}

describe('the calendar feed', () => {
  it('serves the plan as RFC 5545 that a real parser reads: meal times in the zone, links, one UID per entry', async () => {
    const testApp = await kitchen()
    const { api, make, cook, db } = testApp
    const [group] = await db.query.groups.findMany({ where: (table, { eq }) => eq(table.id, cook.groupId) })
    await api.ok(updateMealplanSettings, {
      as: cook,
      body: { timeZone: 'America/New_York', mealTimes: { dinner: '19:15', breakfast: '07:30' } },
    })
    const soup = await make.recipe({
      owner: cook,
      name: 'Long Soup; with, commas\\and a very long name that must be folded because it is longer than 75 octets',
      description: 'Line one\nLine two',
    })
    const today = dateIn(new Date(), 'America/New_York')
    const dinner = await api.ok(createMealplan, {
      as: cook,
      body: { date: today, entryType: 'dinner', recipeId: soup.id },
    })
    const breakfast = await api.ok(createMealplan, {
      as: cook,
      body: { date: addDays(today, 1), entryType: 'breakfast', title: 'Pancakes', text: 'With syrup, lots' },
    })
    const tooOld = await api.ok(createMealplan, { as: cook, body: { date: addDays(today, -29), title: 'Old' } })
    const tooFar = await api.ok(createMealplan, { as: cook, body: { date: addDays(today, 57), title: 'Far' } })
    const edge = await api.ok(createMealplan, { as: cook, body: { date: addDays(today, 56), title: 'Edge' } })

    const address = await api.ok(getMealplanCalendar, { as: cook })
    expect(address.url).toBe(`https://larder.example.com/api/households/mealplans/calendar/${address.token}.ics`)
    const answer = await feed(testApp, address.token)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/)
    const text = answer.text
    // Every line ends in CRLF and none is longer than 75 octets.
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.split('\r\n').slice(0, -1)
    expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true)
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)

    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.name).toBe('vcalendar')
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
    const uids = events.map((event) => event.uid)
    expect(new Set(uids).size).toBe(events.length)
    expect(uids.sort()).toEqual(
      [dinner.id, breakfast.id, edge.id].map((id) => `mealplan-${id}@larder.example.com`).sort(),
    )
    expect(uids.some((uid) => uid.includes(`-${tooOld.id}@`) || uid.includes(`-${tooFar.id}@`))).toBe(false)

    const byUid = new Map(events.map((event) => [event.uid, event]))
    const dinnerEvent = byUid.get(`mealplan-${dinner.id}@larder.example.com`)!
    expect(dinnerEvent.summary).toBe(`Dinner: ${soup.name}`)
    expect(dinnerEvent.description).toBe('Line one\nLine two')
    const started = dinnerEvent.startDate.toJSDate()
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
        started,
      ),
    ).toBe('19:15')
    expect(dateIn(started, 'America/New_York')).toBe(today)
    expect(dinnerEvent.endDate.toJSDate().getTime() - started.getTime()).toBe(60 * 60_000)
    expect(dinnerEvent.component.getFirstPropertyValue('url')).toBe(
      `https://larder.example.com/g/${group!.slug}/r/${soup.slug}`,
    )
    const breakfastEvent = byUid.get(`mealplan-${breakfast.id}@larder.example.com`)!
    expect(breakfastEvent.summary).toBe('Breakfast: Pancakes')
    expect(breakfastEvent.description).toBe('With syrup, lots')
    expect(breakfastEvent.component.getFirstPropertyValue('url')).toBeNull()
    // Escaped on the wire: the comma and semicolon of the recipe's name, the description's line break.
    expect(text.replace(/\r\n /g, '')).toContain('SUMMARY:Dinner: Long Soup\\; with\\, commas\\\\and')
    expect(text).toContain('DESCRIPTION:Line one\\nLine two')
  })

  it('keeps its address, answers 404 at the old one after a reset, and shows one household only', async () => {
    const testApp = await kitchen()
    const { api, cook, neighbour } = testApp
    const ours = await api.ok(createMealplan, { as: cook, body: { date: dateIn(new Date(), 'UTC'), title: 'Ours' } })
    const first = await api.ok(getMealplanCalendar, { as: cook })
    const parallel = await Promise.all([1, 2, 3].map(() => api.ok(getMealplanCalendar, { as: cook })))
    expect(parallel.map((each) => each.token)).toEqual([first.token, first.token, first.token])
    expect(first.token.length).toBeGreaterThanOrEqual(32)

    const theirs = await api.ok(getMealplanCalendar, { as: neighbour })
    expect(theirs.token).not.toBe(first.token)
    const theirFeed = await feed(testApp, theirs.token)
    expect(theirFeed.status).toBe(200)
    expect(theirFeed.text).not.toContain(`mealplan-${ours.id}@`)
    expect(theirFeed.text).not.toContain('VEVENT')

    const reset = await api.ok(resetMealplanCalendar, { as: cook })
    expect(reset.token).not.toBe(first.token)
    expect((await feed(testApp, first.token)).status).toBe(404)
    const fresh = await feed(testApp, reset.token)
    expect(fresh.status).toBe(200)
    expect(fresh.text).toContain(`mealplan-${ours.id}@`)
    expect((await api.ok(getMealplanCalendar, { as: cook })).token).toBe(reset.token)
  })

  it.each([['x'], ['not-a-token-at-all-but-long'], ['%00'], ['a'.repeat(201)]])(
    'answers 404 or 422 for a token of no household (%s), never a 500',
    async (token) => {
      const testApp = await kitchen()
      const answer = await feed(testApp, token)
      expect([404, 422]).toContain(answer.status)
    },
  )

  it('needs a member for the address and the reset', async () => {
    const testApp = await kitchen()
    expect((await testApp.api.call(getMealplanCalendar)).status).toBe(401)
    expect((await testApp.api.call(resetMealplanCalendar)).status).toBe(401)
  })
})
