import { createMealplan, createWebhook, updateMealplanSettings, updateWebhook } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createTestApp, testSecret } from '../../../test/test-app.js'
import { startWebhookReceiver, waitFor } from '../../../test/webhook-receiver.js'
import { backgroundJobs, webhookMessages } from '../../db/schema/index.js'
import { createJobRunner } from '../../jobs/job-runner.js'
import { dateIn, wallClock } from '../../lib/zoned-time.js'
import { createMealPlansModule } from '../mealplans/index.js'
import { mealPlanSlot } from './delivery.js'
import { createMetrics } from '../../http/metrics.js'
import { createWebhooksModule } from './index.js'
import type { WebhookEventBody } from './payload.js'

/** Every distinct slot seen by checks every five minutes from `from` to `to`, as local date → local time and instant. */
function slotsSeen(scheduledTime: string, timeZone: string, from: string, to: string) {
  const seen = new Map<string, string>()
  for (let at = Date.parse(from); at <= Date.parse(to); at += 5 * 60_000) {
    const { slot, date } = mealPlanSlot(scheduledTime, timeZone, new Date(at))
    const clock = wallClock(slot, timeZone)
    const local = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`
    const entry = `${local} @ ${slot.toISOString()}`
    if (seen.has(date) && seen.get(date) !== entry) throw new Error(`two slots on ${date}: ${seen.get(date)}, ${entry}`)
    seen.set(date, entry)
  }
  return Object.fromEntries(seen)
}

describe('the meal-plan webhook’s daily slot', () => {
  it('is once a day at the household’s wall-clock time across the spring change of offset', () => {
    expect(slotsSeen('08:00', 'Europe/Berlin', '2027-03-27T00:00:00Z', '2027-03-29T23:00:00Z')).toEqual({
      '2027-03-26': '08:00 @ 2027-03-26T07:00:00.000Z',
      '2027-03-27': '08:00 @ 2027-03-27T07:00:00.000Z',
      // Summer time from 02:00 that night: 08:00 is an hour earlier in UTC.
      '2027-03-28': '08:00 @ 2027-03-28T06:00:00.000Z',
      '2027-03-29': '08:00 @ 2027-03-29T06:00:00.000Z',
    })
  })

  it('is once on the autumn night whose 02:30 happens twice, and falls after the gap on the spring night', () => {
    expect(slotsSeen('02:30', 'Europe/Berlin', '2027-10-30T12:00:00Z', '2027-11-01T12:00:00Z')).toEqual({
      '2027-10-30': '02:30 @ 2027-10-30T00:30:00.000Z',
      '2027-10-31': expect.stringMatching(/^02:30 @ 2027-10-31T0[01]:30:00.000Z$/),
      '2027-11-01': '02:30 @ 2027-11-01T01:30:00.000Z',
    })
    // 02:30 does not exist on 28 March: the slot is at 03:30 summer time, once.
    expect(slotsSeen('02:30', 'Europe/Berlin', '2027-03-27T12:00:00Z', '2027-03-29T12:00:00Z')).toEqual({
      '2027-03-27': '02:30 @ 2027-03-27T01:30:00.000Z',
      '2027-03-28': '03:30 @ 2027-03-28T01:30:00.000Z',
      '2027-03-29': '02:30 @ 2027-03-29T00:30:00.000Z',
    })
  })

  it('names the household’s date around its midnight, not UTC’s', () => {
    // 00:10 in Los Angeles is 08:10 UTC; 23:50 in Auckland is 10:50 UTC the same UTC day, a day ahead locally.
    expect(mealPlanSlot('00:10', 'America/Los_Angeles', new Date('2027-01-15T08:10:00Z')).date).toBe('2027-01-15')
    expect(mealPlanSlot('00:10', 'America/Los_Angeles', new Date('2027-01-15T08:09:00Z')).date).toBe('2027-01-14')
    expect(mealPlanSlot('23:50', 'Pacific/Auckland', new Date('2027-01-15T10:50:00Z'))).toMatchObject({
      date: '2027-01-15',
      slot: new Date('2027-01-15T10:50:00Z'),
    })
    expect(dateIn(new Date('2027-01-15T10:50:00Z'), 'UTC')).toBe('2027-01-15')
  })
})

describe('the meal-plan webhook on two instances', () => {
  it("fires once per day at its local time across a change of offset, with that day's entries only", async () => {
    const testApp = await createTestApp({ HTTP_ALLOW_LIST: '127.0.0.1' })
    const { api, make, db } = testApp
    // The app's own instance stays out: two instances with the test's clock share its database.
    await testApp.app.ready()
    await testApp.app.jobs.stop()
    const home = await make.household()
    const cook = await make.user({ householdId: home.id, advanced: true })
    await api.ok(updateMealplanSettings, { as: cook, body: { timeZone: 'Europe/Berlin' } })
    for (const date of ['2027-03-26', '2027-03-27', '2027-03-28', '2027-03-29']) {
      const recipe = await make.recipe({ owner: cook, name: `Dinner of ${date}` })
      await api.ok(createMealplan, { as: cook, body: { date, entryType: 'dinner', recipeId: recipe.id } })
    }
    const receiver = await startWebhookReceiver()
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })

    const clock = { now: new Date('2027-03-27T06:00:00Z') }
    const instances = [0, 1].map(() => {
      const jobs = createJobRunner({ db, log: () => {}, pollIntervalMs: 20, now: () => clock.now })
      const mealplans = createMealPlansModule({ config: testApp.config, db })
      createWebhooksModule({
        config: testApp.config,
        db,
        jobs,
        mealplans,
        metrics: createMetrics(),
        secret: testSecret,
      })
      return jobs
    })
    onTestFinished(() => Promise.all(instances.map((jobs) => jobs.stop())).then(() => undefined))
    const checkBoth = async (time: string) => {
      clock.now = new Date(time)
      await Promise.all([...instances, ...instances].map((jobs) => jobs.checkSchedules()))
    }
    await checkBoth('2027-03-27T06:00:00Z')
    for (const jobs of instances) jobs.start()
    await checkBoth('2027-03-27T06:59:00Z')
    await checkBoth('2027-03-27T07:00:00Z')
    await waitFor(() => receiver.received.length === 1, 'the first day’s post')
    await checkBoth('2027-03-27T07:05:00Z')
    await checkBoth('2027-03-28T05:59:00Z')
    await checkBoth('2027-03-28T06:00:00Z')
    await waitFor(() => receiver.received.length === 2, 'the second day’s post')
    // The old offset's 08:00 is nothing now; a later time set the same day does not send the day again.
    await checkBoth('2027-03-28T07:00:00Z')
    await api.ok(updateWebhook, {
      as: cook,
      params: { id: webhook.id },
      body: { url: receiver.url, scheduledTime: '09:30' },
    })
    await checkBoth('2027-03-28T07:30:00Z')
    // Three slots were claimed, each by one instance; the third firing found its day already sent.
    const firings = () => db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'webhooks.fire-scheduled'))
    await waitFor(async () => (await firings()).every((job) => job.status === 'done'), 'the firings to finish')
    expect(await firings()).toHaveLength(3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(receiver.received).toHaveLength(2)

    const bodies = receiver.received.map(
      (post) =>
        new Webhook(webhook.secret).verify(post.body, {
          'webhook-id': String(post.headers['webhook-id']),
          'webhook-timestamp': String(post.headers['webhook-timestamp']),
          'webhook-signature': String(post.headers['webhook-signature']),
        }) as WebhookEventBody,
    )
    expect(
      bodies.map((body) => ({
        eventType: body.eventType,
        start: body.documentData.webhookStartDt,
        end: body.documentData.webhookEndDt,
        entries: body.documentData.webhookBody.map((entry) => [entry.date, entry.recipe?.name]),
      })),
    ).toEqual([
      {
        eventType: 2,
        start: '2027-03-26T23:00:00.000Z',
        end: '2027-03-27T23:00:00.000Z',
        entries: [['2027-03-27', 'Dinner of 2027-03-27']],
      },
      {
        eventType: 2,
        start: '2027-03-27T23:00:00.000Z',
        end: '2027-03-28T22:00:00.000Z',
        entries: [['2027-03-28', 'Dinner of 2027-03-28']],
      },
    ])
    const messages = await db.select().from(webhookMessages).where(eq(webhookMessages.webhookId, webhook.id))
    expect(messages.map((message) => [message.kind, message.localDate]).sort()).toEqual([
      ['scheduled', '2027-03-27'],
      ['scheduled', '2027-03-28'],
    ])
  })
})
