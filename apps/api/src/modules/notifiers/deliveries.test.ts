import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createNotifier, createRecipe, listNotifierDeliveries, testNotifier, updateNotifier } from '@larder/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpTestServer } from '../../../test/smtp-test-server.js'
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.js'
import { backgroundJobs, notifierDeliveries } from '../../db/schema/index.js'

interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** A local receiver standing in for a JSON hook, ntfy, Gotify and Home Assistant: keeps every request, answers by path. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const failing = request.url!.startsWith('/broken')
      response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' })
      response.end(failing ? '{"error":"down"}' : '{"id":1}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { received, port, at: (prefix: string) => received.filter((request) => request.path.startsWith(prefix)) }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('notifier deliveries against local receivers', () => {
  let testApp: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>

  beforeAll(async () => {
    receiver = await startReceiver()
    smtp = await startSmtpTestServer()
    testApp = await createTestApp({ HTTP_ALLOW_LIST: '127.0.0.1', BASE_URL: 'https://larder.example' })
  })

  async function household() {
    const home = await testApp.make.household()
    const cook = await testApp.make.user({ householdId: home.id, advanced: true })
    return { home, cook }
  }

  async function notifierFor(
    cook: Awaited<ReturnType<typeof household>>['cook'],
    appriseUrl: string,
    options: Record<string, boolean> = { recipeCreated: true },
    enabled = true,
  ) {
    const created = await testApp.api.ok(createNotifier, {
      as: cook,
      body: { name: appriseUrl.slice(0, 20), appriseUrl },
    })
    await testApp.api.ok(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: { name: created.name, enabled, options },
    })
    return created.id
  }

  it('delivers an event to json, ntfy, gotify, hassio and mailto notifiers once each, through two instances', async () => {
    const { cook } = await household()
    const { cook: neighbour } = await household()
    const port = receiver.port
    const smtpPort = smtp.environment.SMTP_PORT
    const ids = [
      await notifierFor(cook, `json://127.0.0.1:${port}/json/hook?+X-Secret=s3`),
      await notifierFor(cook, `ntfy://127.0.0.1:${port}/kitchen`),
      await notifierFor(cook, `gotify://127.0.0.1:${port}/gotify/AppToken`),
      await notifierFor(cook, `hassio://127.0.0.1:${port}/ha/LongLivedToken`),
      await notifierFor(cook, `mailto://127.0.0.1:${smtpPort}?from=larder@example.com&to=cook@example.com`),
    ]
    // Heard by no one: another group's household, a notifier turned off, and one whose option is off.
    await notifierFor(neighbour, `json://127.0.0.1:${port}/neighbour`)
    await notifierFor(cook, `json://127.0.0.1:${port}/disabled`, { recipeCreated: true }, false)
    await notifierFor(cook, `json://127.0.0.1:${port}/other-event`, { recipeDeleted: true })
    // A second instance hears the same commit and turns the outbox into jobs at the same time.
    await createSecondInstance(testApp, { ownConnection: true })

    const slug: string = await testApp.api.ok(createRecipe, { as: cook, body: { name: 'Leek Soup' } })
    await until(
      () =>
        ['/json/', '/gotify/', '/ha/'].every((prefix) => receiver.at(prefix).length > 0) &&
        receiver.received.some((request) => request.path === '/') &&
        smtp.mails.length > 0,
      'every receiver',
    )
    await until(async () => (await testApp.db.select().from(notifierDeliveries)).length >= 5, 'the records')

    const json = receiver.at('/json/hook')
    expect(json).toHaveLength(1)
    expect(json[0]!.headers['x-secret']).toBe('s3')
    const payload = JSON.parse(json[0]!.body) as Record<string, string>
    expect(payload).toMatchObject({
      version: '1.0',
      title: 'Recipe Created',
      message: `Leek Soup has been created, https://larder.example/g/${(await testApp.sql`select slug from groups where id = ${cook.groupId}`)[0]!.slug}/r/${slug}`,
      type: 'info',
      event_type: 'recipe_created',
      integration_id: 'generic',
    })
    expect(JSON.parse(payload.document_data!)).toMatchObject({
      documentType: 'recipe',
      operation: 'create',
      recipeSlug: slug,
    })
    expect(payload.event_id).toMatch(/^[0-9a-f-]{36}$/)

    const ntfy = receiver.received.filter((request) => request.path === '/')
    expect(ntfy).toHaveLength(1)
    expect(JSON.parse(ntfy[0]!.body)).toMatchObject({ topic: 'kitchen', title: 'Recipe Created' })
    const gotify = receiver.at('/gotify/')
    expect(gotify.map((request) => request.path)).toEqual(['/gotify/message'])
    expect(gotify[0]!.headers['x-gotify-key']).toBe('AppToken')
    const hassio = receiver.at('/ha/')
    expect(hassio.map((request) => request.path)).toEqual(['/ha/api/services/persistent_notification/create'])
    expect(hassio[0]!.headers.authorization).toBe('Bearer LongLivedToken')
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]).toMatchObject({ to: ['cook@example.com'], subject: 'Recipe Created' })
    expect(smtp.mails[0]!.raw).toContain('Leek Soup has been created')

    for (const prefix of ['/neighbour', '/disabled', '/other-event']) expect(receiver.at(prefix)).toEqual([])
    const jobs = await testApp.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'notifiers.deliver'))
    expect(jobs).toHaveLength(5)
    const history = await testApp.db.select().from(notifierDeliveries)
    expect(history.map((row) => row.notifierId).sort()).toEqual([...ids].sort())
    expect(history.every((row) => row.outcome === 'delivered' && row.attempt === 1)).toBe(true)
    expect(history.filter((row) => row.responseCode === 200)).toHaveLength(4)
  })

  it('retries a receiver that answers 500 with backoff, records every attempt, then a failure', async () => {
    const { cook } = await household()
    const id = await notifierFor(cook, `json://127.0.0.1:${receiver.port}/broken`)
    await testApp.api.ok(createRecipe, { as: cook, body: { name: 'Burnt Toast' } })
    // Simulated time: each retry is made due at once instead of after 2, 4, 8 and 16 s.
    await until(async () => {
      await testApp.db
        .update(backgroundJobs)
        .set({ runAfter: sql`now()` })
        .where(and(eq(backgroundJobs.kind, 'notifiers.deliver'), eq(backgroundJobs.status, 'queued')))
      const rows = await testApp.db.select().from(notifierDeliveries).where(eq(notifierDeliveries.notifierId, id))
      return rows.some((row) => row.outcome === 'failed')
    }, 'the last attempt')
    const history = await testApp.api.ok(listNotifierDeliveries, { as: cook, params: { id } })
    expect(history.map((row) => [row.attempt, row.outcome, row.responseCode])).toEqual([
      [5, 'failed', 500],
      [4, 'retrying', 500],
      [3, 'retrying', 500],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ])
    expect(history[0]!.error).toBe('The receiver answered 500')
    expect(receiver.at('/broken')).toHaveLength(5)
    const [job] = await testApp.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'notifiers.deliver'), sql`${backgroundJobs.payload}->>'notifierId' = ${id}`))
    expect(job).toMatchObject({ status: 'failed', attempts: 5 })
    expect(job!.lastError).not.toContain('127.0.0.1')
  })

  it('sends the test message straight away and records its answer', async () => {
    const { cook } = await household()
    const id = await notifierFor(cook, `gotify://127.0.0.1:${receiver.port}/gotify-test/Tok`)
    expect((await testApp.api.call(testNotifier, { as: cook, params: { id } })).status).toBe(204)
    const sent = receiver.at('/gotify-test/')
    expect(sent).toHaveLength(1)
    expect(JSON.parse(sent[0]!.body)).toEqual({ priority: 5, title: 'Test Message', message: 'test message' })
    expect(await testApp.api.ok(listNotifierDeliveries, { as: cook, params: { id } })).toEqual([
      expect.objectContaining({ eventType: 'test_message', outcome: 'delivered', responseCode: 200, error: null }),
    ])
  })
})

describe('notifier deliveries across a restart', () => {
  it('delivers the events committed while no instance was listening, once, when an instance starts', async () => {
    const receiver = await startReceiver()
    const testApp = await createTestApp({ HTTP_ALLOW_LIST: '127.0.0.1' })
    const home = await testApp.make.household()
    const cook = await testApp.make.user({ householdId: home.id, advanced: true })
    const created = await testApp.api.ok(createNotifier, {
      as: cook,
      body: { name: 'Hook', appriseUrl: `json://127.0.0.1:${receiver.port}/restart` },
    })
    await testApp.api.ok(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: { name: 'Hook', options: { recipeCreated: true, recipeUpdated: true } },
    })
    // The instance stops hearing commits, as a stopped server does: nothing turns these events into deliveries.
    await testApp.app.notificationHub.stop()
    await testApp.api.ok(createRecipe, { as: cook, body: { name: 'Quiet Soup' } })
    await testApp.api.ok(createRecipe, { as: cook, body: { name: 'Quiet Stew' } })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.at('/restart')).toEqual([])

    // A starting instance checks the cursors as soon as it listens: both events go out, each once.
    await createSecondInstance(testApp)
    await until(() => receiver.at('/restart').length >= 2, 'the missed events')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const messages = receiver.at('/restart').map((request) => (JSON.parse(request.body) as { message: string }).message)
    expect(messages).toHaveLength(2)
    expect(messages.join(' ')).toMatch(/Quiet Soup.*Quiet Stew/)
  })
})
