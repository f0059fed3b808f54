import { createNotifier, createWebhook, getRecipe, testNotifier, testWebhook } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../test/listening-server.js'
import { createTestApp, type TestApp } from '../../test/test-app.js'
import { startWebhookReceiver, waitFor } from '../../test/webhook-receiver.js'

const token = 'metrics-token-for-the-tests'

async function scrape(testApp: TestApp): Promise<string> {
  const answer = await testApp.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
  expect(answer.statusCode).toBe(200)
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return answer.body
}

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

async function cookIn(testApp: TestApp) {
  const home = await testApp.make.household()
  return testApp.make.user({ householdId: home.id, advanced: true })
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const { app } = await createTestApp()
    const answer = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(answer.statusCode).toBe(404)
    expect(answer.body).not.toContain('larder_')
  })

  it('answers 401 without the bearer token, or with another', async () => {
    const { app } = await createTestApp({ METRICS_TOKEN: token })
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }]) {
      const answer = await app.inject({ url: '/metrics', headers })
      expect(answer.statusCode).toBe(401)
      expect(answer.body).not.toContain('larder_')
    }
  })

  it('counts requests and their latency by route pattern, never by URL', async () => {
    const testApp = await createTestApp({ METRICS_TOKEN: token })
    const cook = await cookIn(testApp)
    for (const slug of ['soup', 'bread']) await testApp.api.call(getRecipe, { as: cook, params: { slug } })
    await testApp.app.inject({ url: '/api/no-such-thing/123' })
    const text = await scrape(testApp)
    const labels = 'method="GET",route="/api/recipes/:slug",status_code="404"'
    expect(sample(text, `larder_http_request_duration_seconds_count{${labels}}`)).toBe(2)
    expect(sample(text, `larder_http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(2)
    expect(text).not.toContain('soup')
    expect(text).not.toContain('no-such-thing')
  })

  it('reads the job queue from the database: jobs due by kind and how long the oldest has waited', async () => {
    const testApp = await createTestApp({ METRICS_TOKEN: token })
    // A kind no instance handles stays queued, as a backlog would.
    await testApp.sql`
      insert into background_jobs (kind, payload, run_after)
      values ('metrics.test', '{}', now() - interval '90 seconds'), ('metrics.test', '{}', now() - interval '5 seconds'),
             ('metrics.test', '{}', now() + interval '1 hour')`
    const text = await scrape(testApp)
    expect(sample(text, 'larder_jobs_due{kind="metrics.test"}')).toBe(2)
    expect(sample(text, 'larder_jobs_oldest_due_seconds{kind="metrics.test"}')).toBeGreaterThanOrEqual(90)
    expect(sample(text, 'larder_jobs_oldest_due_seconds{kind="metrics.test"}')).toBeLessThan(120)

    await testApp.sql`delete from background_jobs where kind = 'metrics.test'`
    expect(sample(await scrape(testApp), 'larder_jobs_due{kind="metrics.test"}')).toBeUndefined()
  })

  it('counts webhook and notifier deliveries that did not arrive', async () => {
    const testApp = await createTestApp({ METRICS_TOKEN: token, HTTP_ALLOW_LIST: '127.0.0.1' })
    const cook = await cookIn(testApp)
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 500 })
    const webhook = await testApp.api.ok(createWebhook, {
      as: cook,
      body: { url: receiver.url, scheduledTime: '08:00' },
    })
    await testApp.api.ok(testWebhook, { as: cook, params: { id: webhook.id } })
    const webhookFailures = 'larder_delivery_failures_total{channel="webhook",outcome="retrying"}'
    await waitFor(async () => sample(await scrape(testApp), webhookFailures) === 1, 'the failed attempt counted')

    // Port 9 of the allowed host: nothing listens there, so the test message fails.
    const notifier = await testApp.api.ok(createNotifier, {
      as: cook,
      body: { name: 'Down', appriseUrl: 'json://127.0.0.1:9/hook' },
    })
    expect((await testApp.api.call(testNotifier, { as: cook, params: { id: notifier.id } })).status).toBe(204)
    expect(sample(await scrape(testApp), 'larder_delivery_failures_total{channel="notifier",outcome="failed"}')).toBe(1)
  })

  it('reports the live streams open on the instance', async () => {
    const testApp = await createTestApp({ METRICS_TOKEN: token })
    const cook = await cookIn(testApp)
    const { base } = await listenOnLoopback(testApp.app)
    expect(sample(await scrape(testApp), 'larder_live_streams_open')).toBe(0)
    const abort = new AbortController()
    const stream = await fetch(`${base}/api/live`, {
      headers: { authorization: testApp.api.authorization(cook) },
      signal: abort.signal,
    })
    expect(stream.status).toBe(200)
    expect(sample(await scrape(testApp), 'larder_live_streams_open')).toBe(1)
    abort.abort()
    await waitFor(async () => sample(await scrape(testApp), 'larder_live_streams_open') === 0, 'the stream closed')
  })
})
