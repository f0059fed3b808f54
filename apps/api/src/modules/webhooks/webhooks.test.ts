import {
  createMealplan,
  createNotifier,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  rerunWebhooks,
  rotateWebhookSecret,
  testWebhook,
  updateMealplanSettings,
  updateNotifier,
  updateWebhook,
  type ReadPlanEntry,
  type WebhookDelivery,
} from '@larder/contracts'
import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createTestApp, testSecret } from '../../../test/test-app.js'
import { startWebhookReceiver, waitFor, type ReceivedPost } from '../../../test/webhook-receiver.js'
import { backgroundJobs, webhookDeliveries, webhooks } from '../../db/schema/index.js'
import { createSecretSealer } from '../../lib/sealed-secrets.js'
import type { WebhookEventBody } from './payload.js'
import { maximumAttempts } from './retry-schedule.js'
import { createWebhookSecrets, sealPlainWebhookSecrets } from './secrets.js'

async function household(environment: Record<string, string> = { HTTP_ALLOW_LIST: '127.0.0.1' }) {
  const testApp = await createTestApp(environment)
  const home = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: home.id, advanced: true })
  const plain = await testApp.make.user({ householdId: home.id })
  const neighbourHome = await testApp.make.household({ groupId: home.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHome.id, advanced: true })
  return { ...testApp, home, cook, plain, neighbour }
}

type Household = Awaited<ReturnType<typeof household>>

/** Verifies with the `standardwebhooks` package (not with the code under test) and answers the parsed body. */
function verified(secret: string, post: ReceivedPost): WebhookEventBody {
  const headers = {
    'webhook-id': String(post.headers['webhook-id']),
    'webhook-timestamp': String(post.headers['webhook-timestamp']),
    'webhook-signature': String(post.headers['webhook-signature']),
  }
  return new Webhook(secret).verify(post.body, headers) as WebhookEventBody
}

const deliveriesOf = (testApp: Household, webhookId: string) =>
  testApp.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.attemptedAt)

/** Makes queued delivery attempts due now, as if their wait had passed. */
const skipWaits = (testApp: Household) =>
  testApp.db.execute(
    sql`update background_jobs set run_after = now() where kind = 'webhooks.deliver' and status = 'queued'`,
  )

describe('webhooks: the API', () => {
  it("creates, reads, lists, replaces and deletes webhooks in Mealie's shapes, with a signing secret", async () => {
    const { api, cook } = await household()
    const created = await api.call(createWebhook, {
      as: cook,
      body: { name: 'Kitchen display', url: 'https://example.org/hook', scheduledTime: '7:30' },
    })
    expect(created.status).toBe(201)
    const webhook = created.body as Exclude<typeof created.body, { detail: unknown }> & { id: string; secret: string }
    expect(webhook).toEqual({
      id: expect.any(String),
      groupId: cook.groupId,
      householdId: cook.householdId,
      enabled: true,
      name: 'Kitchen display',
      url: 'https://example.org/hook',
      webhookType: 'mealplan',
      scheduledTime: '07:30:00',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      previousSecretExpiresAt: null,
      disabledReason: null,
    })
    // Mealie's clients send snake_case too, and seconds.
    const replaced = await api.ok(updateWebhook, {
      as: cook,
      params: { id: webhook.id },
      body: { enabled: false, name: 'Display', url: '', webhook_type: 'mealplan', scheduled_time: '18:05:59' } as never,
    })
    expect(replaced).toMatchObject({ enabled: false, name: 'Display', url: '', scheduledTime: '18:05:00' })
    expect(replaced.secret).toBe(webhook.secret)
    expect(await api.ok(getWebhook, { as: cook, params: { id: webhook.id } })).toEqual(replaced)
    const page = await api.ok(listWebhooks, { as: cook, query: { perPage: 10 } })
    expect(page).toMatchObject({ page: 1, per_page: 10, total: 1, total_pages: 1, items: [replaced] })
    expect(await api.ok(deleteWebhook, { as: cook, params: { id: webhook.id } })).toEqual(replaced)
    expect((await api.call(getWebhook, { as: cook, params: { id: webhook.id } })).status).toBe(404)
  })

  it('reads a datetime with an offset on the household’s clock', async () => {
    const { api, cook } = await household()
    await api.ok(updateMealplanSettings, { as: cook, body: { timeZone: 'Europe/Berlin' } })
    const webhook = await api.ok(createWebhook, { as: cook, body: { scheduledTime: '2026-07-01T05:15:00Z' } })
    expect(webhook.scheduledTime).toBe('07:15:00')
  })

  it('keeps webhooks to advanced members of their own household', async () => {
    const { api, cook, plain, neighbour } = await household()
    const webhook = await api.ok(createWebhook, { as: cook, body: { scheduledTime: '08:00' } })
    expect((await api.call(getWebhook, { as: neighbour, params: { id: webhook.id } })).status).toBe(404)
    expect((await api.call(testWebhook, { as: neighbour, params: { id: webhook.id } })).status).toBe(404)
    expect((await api.ok(listWebhooks, { as: neighbour })).items).toEqual([])
    expect((await api.call(getWebhook, { as: plain, params: { id: webhook.id } })).status).toBe(403)
    expect((await api.call(createWebhook, { as: plain, body: { scheduledTime: '08:00' } })).status).toBe(403)
  })

  it.each([
    ['no time', { name: 'x' }],
    ['a time past midnight', { scheduledTime: '24:00' }],
    ['a word for a time', { scheduledTime: 'soon' }],
    ['an address that is not http', { scheduledTime: '08:00', url: 'ftp://example.org/hook' }],
    ['an address with spaces', { scheduledTime: '08:00', url: 'https://exa mple.org' }],
    ['a name too long', { scheduledTime: '08:00', name: 'x'.repeat(201) }],
    ['another type', { scheduledTime: '08:00', webhookType: 'shopping' }],
    ['a string for a flag', { scheduledTime: '08:00', enabled: 'yes' }],
  ])('refuses %s with 422 and stores nothing', async (_, body) => {
    const { api, cook, db } = await household()
    const answer = await api.call(createWebhook, { as: cook, body: body as never })
    expect(answer.status).toBe(422)
    expect(await db.select().from(webhooks)).toEqual([])
  })

  it('refuses a bad replacement with 422 and keeps the webhook as it was; unknown ids are 404', async () => {
    const { api, cook } = await household()
    const webhook = await api.ok(createWebhook, { as: cook, body: { scheduledTime: '08:00', name: 'Kept' } })
    const answer = await api.call(updateWebhook, {
      as: cook,
      params: { id: webhook.id },
      body: { scheduledTime: '8 am', name: 'Changed' },
    })
    expect(answer.status).toBe(422)
    expect(await api.ok(getWebhook, { as: cook, params: { id: webhook.id } })).toEqual(webhook)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await api.call(testWebhook, { as: cook, params: { id: unknown } })).status).toBe(404)
    expect((await api.call(rotateWebhookSecret, { as: cook, params: { id: unknown } })).status).toBe(404)
    expect((await api.call(listWebhookDeliveries, { as: cook, params: { id: unknown } })).status).toBe(404)
    expect((await api.call(replayWebhookDelivery, { as: cook, params: { deliveryId: unknown } })).status).toBe(404)
    expect((await api.call(getWebhook, { as: cook, params: { id: 'not-an-id' } })).status).toBe(422)
  })
})

describe('webhooks: delivery to a real receiver', () => {
  it('posts a signed test message that standardwebhooks verifies, and logs the delivery', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    const receiver = await startWebhookReceiver()
    const webhook = await api.ok(createWebhook, {
      as: cook,
      body: { enabled: false, url: receiver.url, scheduledTime: '08:00' },
    })
    expect(await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })).toBeNull()
    await waitFor(() => receiver.received.length === 1, 'the test post')
    const [post] = receiver.received
    expect(post!.headers['content-type']).toBe('application/json')
    expect(post!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
    const body = verified(webhook.secret, post!)
    expect(body).toMatchObject({
      message: { title: 'Test Message', body: 'Test Webhook' },
      eventType: 1,
      integrationId: 'mealie_generic_user',
      documentData: { documentType: 'mealplan', operation: 'info', webhookBody: [] },
    })
    // Another secret does not verify it.
    expect(() => verified('whsec_' + Buffer.from('x'.repeat(24)).toString('base64'), post!)).toThrow()
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the log')
    const log = await api.ok(listWebhookDeliveries, { as: cook, params: { id: webhook.id } })
    expect(log.items).toEqual([
      {
        id: expect.any(String),
        webhookId: webhook.id,
        messageId: String(post!.headers['webhook-id']),
        kind: 'test',
        attempt: 1,
        attemptedAt: expect.any(String),
        statusCode: 200,
        outcome: 'succeeded',
        durationMs: expect.any(Number),
        error: null,
        nextAttemptAt: null,
      } satisfies WebhookDelivery,
    ])
  })

  it('retries a receiver that answers 500 or is down on the schedule, with the same webhook-id', async () => {
    const testApp = await household()
    const { api, cook, db } = testApp
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 500 })
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the failed attempt')
    const [first] = await deliveriesOf(testApp, webhook.id)
    expect(first).toMatchObject({ attempt: 1, statusCode: 500, outcome: 'retrying' })
    // 5 s, spread by at most a fifth either way.
    const firstWait = first!.nextAttemptAt!.getTime() - first!.attemptedAt.getTime()
    expect(firstWait).toBeGreaterThanOrEqual(3_900)
    expect(firstWait).toBeLessThanOrEqual(6_100)
    // The receiver goes down: the next attempt cannot connect.
    await receiver.close()
    await skipWaits(testApp)
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 2, 'the second attempt')
    const [, second] = await deliveriesOf(testApp, webhook.id)
    expect(second).toMatchObject({ attempt: 2, statusCode: null, outcome: 'retrying' })
    expect(second!.error).toMatch(/could not be reached/)
    const secondWait = second!.nextAttemptAt!.getTime() - second!.attemptedAt.getTime()
    expect(secondWait).toBeGreaterThanOrEqual(4 * 60_000 - 100)
    expect(secondWait).toBeLessThanOrEqual(6 * 60_000 + 100)
    // Back up, on the same port.
    const back = await startWebhookReceiver({ port: receiver.port })
    await skipWaits(testApp)
    await waitFor(() => back.received.length === 1, 'the third attempt')
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 3, 'its log')
    const third = (await deliveriesOf(testApp, webhook.id))[2]
    expect(third).toMatchObject({ attempt: 3, statusCode: 200, outcome: 'succeeded', nextAttemptAt: null })
    expect(back.received[0]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])
    verified(webhook.secret, back.received[0]!)
    const pending = await db.select().from(backgroundJobs).where(eq(backgroundJobs.status, 'queued'))
    expect(pending.filter((job) => job.kind === 'webhooks.deliver')).toEqual([])
  })

  it('waits as long as Retry-After asks', async () => {
    const testApp = await household()
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 503, headers: { 'retry-after': '120' } })
    const webhook = await testApp.api.ok(createWebhook, {
      as: testApp.cook,
      body: { url: receiver.url, scheduledTime: '08:00' },
    })
    await testApp.api.ok(testWebhook, { as: testApp.cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the attempt')
    const [first] = await deliveriesOf(testApp, webhook.id)
    expect(first!.nextAttemptAt!.getTime() - first!.attemptedAt.getTime()).toBeGreaterThanOrEqual(119_000)
    expect(first!.nextAttemptAt!.getTime() - first!.attemptedAt.getTime()).toBeLessThanOrEqual(121_000)
  })

  it('turns the webhook off when its receiver answers 410 Gone, and tries no more', async () => {
    const testApp = await household()
    const { api, cook, db } = testApp
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 410 })
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the attempt')
    expect((await deliveriesOf(testApp, webhook.id))[0]).toMatchObject({
      statusCode: 410,
      outcome: 'disabled',
      nextAttemptAt: null,
    })
    const after = await api.ok(getWebhook, { as: cook, params: { id: webhook.id } })
    expect(after.enabled).toBe(false)
    expect(after.disabledReason).toMatch(/410/)
    const queued = await db.select().from(backgroundJobs).where(eq(backgroundJobs.status, 'queued'))
    expect(queued.filter((job) => job.kind === 'webhooks.deliver')).toEqual([])
    // Turned on again by a user: the reason goes.
    const again = await api.ok(updateWebhook, {
      as: cook,
      params: { id: webhook.id },
      body: { enabled: true, url: receiver.url, scheduledTime: '08:00' },
    })
    expect(again.disabledReason).toBeNull()
  })

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    const receiver = await startWebhookReceiver()
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    const rotated = await api.ok(rotateWebhookSecret, { as: cook, params: { id: webhook.id } })
    expect(rotated.secret).not.toBe(webhook.secret)
    const overlap = Date.parse(rotated.previousSecretExpiresAt!) - Date.now()
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000)
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000)
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    await waitFor(() => receiver.received.length === 1, 'the post')
    const [post] = receiver.received
    expect(String(post!.headers['webhook-signature']).split(' ')).toHaveLength(2)
    verified(rotated.secret, post!)
    verified(webhook.secret, post!)
  })

  it('replays a logged delivery with the same webhook-id and a fresh signature', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    const receiver = await startWebhookReceiver()
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the first delivery')
    const [delivery] = await deliveriesOf(testApp, webhook.id)
    expect(await api.ok(replayWebhookDelivery, { as: cook, params: { deliveryId: delivery!.id } })).toBeNull()
    await waitFor(() => receiver.received.length === 2, 'the replay')
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])
    expect(verified(webhook.secret, receiver.received[1]!)).toEqual(verified(webhook.secret, receiver.received[0]!))
  })

  it('refuses a receiver on the local network unless HTTP_ALLOW_LIST names it, saying so', async () => {
    const testApp = await household({})
    const receiver = await startWebhookReceiver()
    const webhook = await testApp.api.ok(createWebhook, {
      as: testApp.cook,
      body: { url: receiver.url, scheduledTime: '08:00' },
    })
    await testApp.api.ok(testWebhook, { as: testApp.cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the refusal')
    const [refused] = await deliveriesOf(testApp, webhook.id)
    expect(refused).toMatchObject({ outcome: 'refused', nextAttemptAt: null })
    expect(refused!.error).toMatch(/HTTP_ALLOW_LIST/)
    expect(receiver.received).toEqual([])
  })

  it("reruns today's plan to the webhooks whose time has passed today", async () => {
    const testApp = await household()
    const { api, cook, make } = testApp
    const receiver = await startWebhookReceiver()
    const soup = await make.recipe({ owner: cook, name: 'Rerun Soup' })
    // UTC: today's date and a time that has passed (00:00) and one that cannot have (23:59 only in the last minute).
    const today = new Date().toISOString().slice(0, 10)
    await api.ok(createMealplan, { as: cook, body: { date: today, entryType: 'dinner', recipeId: soup.id } })
    const due = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '00:00' } })
    await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '23:59', enabled: false } })
    expect(await api.ok(rerunWebhooks, { as: cook })).toBeNull()
    await waitFor(() => receiver.received.length === 1, 'the rerun post')
    const body = verified(due.secret, receiver.received[0]!)
    expect(body.eventType).toBe(2)
    expect(body.documentData.webhookBody.map((entry: ReadPlanEntry) => entry.recipe?.name)).toEqual(['Rerun Soup'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(1)
  })
})

describe('webhooks: secrets at rest', () => {
  const plainSecret = 'whsec_' + Buffer.from('p'.repeat(24)).toString('base64')
  const plainPrevious = 'whsec_' + Buffer.from('q'.repeat(24)).toString('base64')

  const storedRow = async (testApp: Household, id: string) =>
    (await testApp.db.select().from(webhooks).where(eq(webhooks.id, id)))[0]!

  it('stores a new or rotated secret sealed, never as the secret it answers', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    const webhook = await api.ok(createWebhook, { as: cook, body: { scheduledTime: '08:00' } })
    const stored = await storedRow(testApp, webhook.id)
    expect(stored.secret).toMatch(/^v1\./)
    expect(stored.secret).not.toContain(webhook.secret.slice('whsec_'.length))
    const rotated = await api.ok(rotateWebhookSecret, { as: cook, params: { id: webhook.id } })
    const after = await storedRow(testApp, webhook.id)
    expect(after.secret).toMatch(/^v1\./)
    expect(after.previousSecret).toBe(stored.secret)
    expect((await api.ok(getWebhook, { as: cook, params: { id: webhook.id } })).secret).toBe(rotated.secret)
  })

  it('reads and signs with a secret stored before sealing, and seals it in place', async () => {
    const testApp = await household()
    const { api, app, cook, db } = testApp
    // Started first, so that its own start-up seal has run before the row from before sealing is written.
    await app.ready()
    await api.call(listWebhooks, { as: cook })
    const receiver = await startWebhookReceiver()
    const [legacy] = await db
      .insert(webhooks)
      .values({
        groupId: cook.groupId,
        householdId: cook.householdId,
        url: receiver.url,
        scheduledTime: '08:00',
        secret: plainSecret,
        previousSecret: plainPrevious,
        previousSecretExpiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning()
    expect((await api.ok(getWebhook, { as: cook, params: { id: legacy!.id } })).secret).toBe(plainSecret)

    const secrets = createWebhookSecrets(createSecretSealer(testSecret, 'webhook-secrets'))
    expect(await sealPlainWebhookSecrets(db, secrets)).toBe(1)
    const sealed = await storedRow(testApp, legacy!.id)
    expect(sealed.secret).toMatch(/^v1\./)
    expect(sealed.previousSecret).toMatch(/^v1\./)
    expect(await sealPlainWebhookSecrets(db, secrets)).toBe(0)

    expect((await api.ok(getWebhook, { as: cook, params: { id: legacy!.id } })).secret).toBe(plainSecret)
    await api.ok(testWebhook, { as: cook, params: { id: legacy!.id } })
    await waitFor(() => receiver.received.length === 1, 'the post')
    verified(plainSecret, receiver.received[0]!)
    verified(plainPrevious, receiver.received[0]!)
  })

  it('seals plain secrets when the server starts', async () => {
    const before = await household()
    const [legacy] = await before.db
      .insert(webhooks)
      .values({
        groupId: before.cook.groupId,
        householdId: before.cook.householdId,
        scheduledTime: '08:00',
        secret: plainSecret,
      })
      .returning()
    const restarted = await createTestApp({}, { copyOf: before })
    await restarted.app.ready()
    await waitFor(
      async () =>
        (await restarted.db.select().from(webhooks).where(eq(webhooks.id, legacy!.id)))[0]!.secret !== plainSecret,
      'the start-up seal',
    )
    const [row] = await restarted.db.select().from(webhooks).where(eq(webhooks.id, legacy!.id))
    expect(row!.secret).toMatch(/^v1\./)
  })

  it("refuses to send, saying why, when the secret cannot be opened (the instance's secret changed)", async () => {
    const testApp = await household()
    const { api, cook, db } = testApp
    const receiver = await startWebhookReceiver()
    const webhook = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    const otherInstance = createSecretSealer('another-instance-secret-long-enough-to-sign', 'webhook-secrets')
    await db
      .update(webhooks)
      .set({ secret: otherInstance.seal(webhook.secret) })
      .where(eq(webhooks.id, webhook.id))
    expect((await api.ok(getWebhook, { as: cook, params: { id: webhook.id } })).secret).toBe('')
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === 1, 'the refusal')
    const [refused] = await deliveriesOf(testApp, webhook.id)
    expect(refused).toMatchObject({ outcome: 'refused', nextAttemptAt: null })
    expect(refused!.error).toMatch(/rotate its secret/)
    expect(receiver.received).toEqual([])
    // A rotation gives a secret that opens again.
    const rotated = await api.ok(rotateWebhookSecret, { as: cook, params: { id: webhook.id } })
    expect(rotated.secret).toMatch(/^whsec_/)
  })
})

describe('webhooks: a message that fails its last attempt', () => {
  it("is reported to the household's notifiers that hear webhookFailed, once, after the last retry", async () => {
    const testApp = await household({ HTTP_ALLOW_LIST: '127.0.0.1', BASE_URL: 'https://larder.example' })
    const { api, cook, db } = testApp
    const notified = await startWebhookReceiver()
    const notifierAt = async (path: string, options: Record<string, boolean>) => {
      const created = await api.ok(createNotifier, {
        as: cook,
        body: { name: path, appriseUrl: `json://127.0.0.1:${notified.port}/${path}` },
      })
      await api.ok(updateNotifier, {
        as: cook,
        params: { id: created.id },
        body: { name: path, enabled: true, options },
      })
    }
    await notifierAt('failures', { webhookFailed: true })
    await notifierAt('recipes-only', { recipeCreated: true })

    const receiver = await startWebhookReceiver()
    receiver.answerWith(...Array.from({ length: maximumAttempts }, () => ({ status: 500 })))
    const webhook = await api.ok(createWebhook, {
      as: cook,
      body: { name: 'Kitchen display', url: receiver.url, scheduledTime: '08:00' },
    })
    await api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    for (let attempt = 1; attempt <= maximumAttempts; attempt += 1) {
      await waitFor(async () => (await deliveriesOf(testApp, webhook.id)).length === attempt, `attempt ${attempt}`)
      if (attempt < maximumAttempts) {
        // A retry to come is no failure yet.
        expect(notified.received).toEqual([])
        await skipWaits(testApp)
      }
    }
    const last = (await deliveriesOf(testApp, webhook.id)).at(-1)!
    expect(last).toMatchObject({ attempt: maximumAttempts, statusCode: 500, outcome: 'failed', nextAttemptAt: null })

    await waitFor(() => notified.received.length === 1, 'the notifier post')
    const post = notified.received[0]!
    expect(JSON.parse(post.body)).toMatchObject({
      title: 'Webhook Failed',
      message: `Webhook Kitchen display could not deliver a message after ${maximumAttempts} attempts; its delivery log says why, https://larder.example/household/webhooks`,
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(notified.received).toHaveLength(1)
    const queued = await db.select().from(backgroundJobs).where(eq(backgroundJobs.status, 'queued'))
    expect(queued.filter((job) => job.kind === 'webhooks.deliver')).toEqual([])
  })

  it('is not reported when the receiver is gone for good (410) or refused', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    const notified = await startWebhookReceiver()
    const created = await api.ok(createNotifier, {
      as: cook,
      body: { name: 'failures', appriseUrl: `json://127.0.0.1:${notified.port}/failures` },
    })
    await api.ok(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: { name: 'failures', enabled: true, options: { webhookFailed: true } },
    })
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 410 })
    const gone = await api.ok(createWebhook, { as: cook, body: { url: receiver.url, scheduledTime: '08:00' } })
    const empty = await api.ok(createWebhook, { as: cook, body: { url: '', scheduledTime: '08:00' } })
    await api.ok(testWebhook, { as: cook, params: { id: gone.id } })
    await api.ok(testWebhook, { as: cook, params: { id: empty.id } })
    await waitFor(async () => (await deliveriesOf(testApp, gone.id)).length === 1, 'the 410')
    await waitFor(async () => (await deliveriesOf(testApp, empty.id)).length === 1, 'the refusal')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(notified.received).toEqual([])
  })
})
