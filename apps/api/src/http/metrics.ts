import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.js'
import { queueDepth, type QueueDepth } from '../jobs/job-queue.js'
import { notFound, unauthorized } from './errors.js'

/** Where deliveries are recorded: a webhook's attempts and a notifier's. */
export type DeliveryChannel = 'webhook' | 'notifier'

/**
 * The instruments the code counts into; one per app (tests build many in one process). Its registry is read at
 * `GET /metrics` (docs/operations.md "Metrics").
 */
export interface Metrics {
  registry: Registry
  /** An attempt that did not deliver, with the outcome it was recorded with (`retrying`, `failed`, `refused`, …). */
  deliveryFailed(channel: DeliveryChannel, outcome: string): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  const deliveryFailures = new Counter({
    name: 'larder_delivery_failures_total',
    help: 'Webhook and notifier delivery attempts that did not arrive, by channel and recorded outcome',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  })
  return {
    registry,
    deliveryFailed: (channel, outcome) => deliveryFailures.inc({ channel, outcome }),
  }
}

/** Latency buckets in seconds: most answers take milliseconds; imports and exports take seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * Counts every answer by method, route pattern (`/api/recipes/:slug`, never the URL, so that the series stay few)
 * and status, with its latency; and reads, at each scrape, the job queue from the database and the live streams this
 * instance holds, beside prom-client's process metrics. Only with METRICS_TOKEN set: nobody could read them otherwise,
 * and the hook runs on every request.
 */
export function instrumentApp(
  app: FastifyInstance,
  metrics: Metrics,
  deps: { db: Database; openLiveStreams: () => number },
): void {
  const { registry } = metrics
  collectDefaultMetrics({ register: registry })
  const requests = new Histogram({
    name: 'larder_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    // A path no route matched (a 404) is one series, not one per URL tried.
    const route = request.routeOptions.url ?? 'unmatched'
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000)
    done()
  })

  new Gauge({
    name: 'larder_live_streams_open',
    help: 'Open /api/live streams on this instance',
    registers: [registry],
    collect() {
      this.set(deps.openLiveStreams())
    },
  })

  // One query per scrape for the three job gauges: the registry collects them at once, and they share it.
  let reading: Promise<QueueDepth[]> | null = null
  const readQueue = () => {
    reading ??= queueDepth(deps.db).finally(() => {
      reading = null
    })
    return reading
  }
  const jobGauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const depths = await readQueue()
        // Kinds with nothing queued any more drop out rather than stay at their last value.
        this.reset()
        for (const depth of depths) this.set({ kind: depth.kind }, value(depth))
      },
    })
  jobGauge(
    'larder_jobs_due',
    'Background jobs queued and due, waiting for a runner, by kind (all instances: read from the database)',
    (depth) => depth.due,
  )
  jobGauge('larder_jobs_running', 'Background jobs taken by an instance and not finished, by kind', (d) => d.running)
  jobGauge(
    'larder_jobs_oldest_due_seconds',
    'How long the oldest due background job has waited since it became due, by kind',
    (depth) => depth.oldestDueSeconds,
  )
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * `GET /metrics` in Prometheus' text format, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the route answers 404 as if it did not exist: the numbers tell about the instance and its
 * users' activity, so they are not public.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    if (!token) throw notFound('Not Found')
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
    if (!sameSecret(given, token)) throw unauthorized('Metrics need the bearer token set in METRICS_TOKEN')
    // Gauges read at collection may fail with the database; the error handler answers that as it answers any route.
    const body = await metrics.registry.metrics()
    return reply.type(metrics.registry.contentType).send(body)
  })
}
