import { randomUUID } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import fastifyJwt from '@fastify/jwt'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { type AnswerMismatch, checkAnswersAgainstContracts } from './http/answer-contract.js'
import { installAuthentication } from './http/authentication.js'
import { type CallerCache, createCallerCache, keepCallersFresh } from './http/caller-cache.js'
import { installErrorHandler } from './http/error-handler.js'
import { createNotificationHub, type NotificationHub } from './events/notification-hub.js'
import { scheduleEventPruning } from './events/pruning.js'
import { installIdempotency, scheduleIdempotencyKeyPruning } from './http/idempotency.js'
import { buildLazySerializers } from './http/lazy-serializers.js'
import { tooManyRequests } from './http/errors.js'
import { createMetrics, instrumentApp, registerMetricsRoute } from './http/metrics.js'
import { postgresRateLimitStore, scheduleRateLimitPruning } from './http/rate-limit-store.js'
import { securityHeadersFor } from './http/security-headers.js'
import { registerOpenApiRoutes } from './http/openapi-routes.js'
import { createLinkPreviews } from './web-shell/link-preview.js'
import { registerWebApp } from './web-shell/web-app.js'
import { createSessionIssuer, type IssueSession } from './modules/auth/index.js'
import { createJobRunner, type JobRunner } from './jobs/job-runner.js'
import { createFileTokens } from './lib/file-tokens.js'
import { createModules, registerModuleRoutes } from './modules/index.js'
import { createPageReader } from './page-reader.js'
import { version } from './version.js'

export interface AppDependencies {
  config: Config
  db: Database
  /** HS256 key for session tokens. */
  secret: string
  logger?: FastifyBaseLogger
  /** Built web client to serve for every non-API path; omitted in API-only tests. */
  webDistDirectory?: string
  /** Tests: parse every answer against its contract and report a mismatch here (it then answers 500). */
  checkResponses?: (mismatch: AnswerMismatch) => void
  /** Whether this instance takes background jobs (default true); a test may build a second instance without. */
  runJobs?: boolean
}

const maximumJsonBodyBytes = 2 * 1024 * 1024
/** The longest a remembered caller counts (http/caller-cache.ts): changes are notified, this bounds a lost notice. */
const callerLifetimeMs = 10_000

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs a session exactly as signing in does; tests use it to act as a user without an argon2 check. */
    issueSession: IssueSession
    /** The callers remembered across requests (http/caller-cache.ts); tests wait for it to start remembering. */
    callerCache: CallerCache
    /** The background jobs of this instance; tests check the schedules without waiting for the next tick. */
    jobs: JobRunner
    /** The instance's one listener to PostgreSQL and its subscribers to groups' events (events/notification-hub.ts). */
    notificationHub: NotificationHub
  }
}

/** Builds the whole application. Tests call this with a test database and use `inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializers } },
    bodyLimit: maximumJsonBodyBytes,
    // Forwarding headers count only when the connection comes from a named proxy: anyone can send X-Forwarded-For.
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    // Fastify's per-request log lines cost a fifth of a small answer's CPU even when the level drops them
    // (bench/about-throughput): skip that machinery when the configured level would not print them.
    logController: new LogController({
      disableRequestLogging: !['info', 'debug', 'trace'].includes(deps.logger?.level ?? 'silent'),
    }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  })
  installErrorHandler(app)

  const securityHeaders = securityHeadersFor(config)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders.common)
    reply.header('x-request-id', request.id)
    done()
  })
  // Limits are opted into per route (registerEndpoint's requestsPerMinute); the counters are in PostgreSQL, so every
  // instance on the database counts into the same windows.
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => tooManyRequests(),
  })
  await app.register(fastifyCookie)
  await app.register(fastifyFormbody, { bodyLimit: maximumJsonBodyBytes })
  await app.register(fastifyMultipart, { limits: { fieldSize: 1024 * 1024, files: 10, fileSize: 50 * 1024 * 1024 } })
  await app.register(fastifyJwt, {
    secret: deps.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  })

  const signSession = (claims: { sub: string; jti: string }, lifetimeSeconds: number) =>
    app.jwt.sign(claims, { expiresIn: lifetimeSeconds })
  app.decorate('issueSession', createSessionIssuer(config, signSession))
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message)
  const jobs = createJobRunner({ db, log, concurrency: config.JOB_CONCURRENCY })
  app.decorate('jobs', jobs)
  const hub = createNotificationHub({ db, sql: db.$client, log })
  scheduleEventPruning({ jobs, db, retentionDays: config.EVENTS_RETENTION_DAYS })
  scheduleIdempotencyKeyPruning({ jobs, db })
  scheduleRateLimitPruning({ jobs, db })
  app.decorate('notificationHub', hub)
  // Not awaited: a database that is down must not hold the start-up back; the hub listens as soon as it can.
  app.addHook('onReady', () => {
    hub.start()
    return Promise.resolve()
  })
  app.addHook('onClose', () => hub.stop())
  // Its threads start with the first page read, not here.
  const pages = createPageReader()
  app.addHook('onClose', () => pages.close())
  const metrics = createMetrics()
  const modules = createModules({
    config,
    db,
    metrics,
    jobs,
    pages,
    signSession,
    signApiToken: (claims, lifetimeSeconds) => app.jwt.sign(claims, { expiresIn: lifetimeSeconds }),
    fileTokens: createFileTokens({
      sign: (claims, lifetimeSeconds) => app.jwt.sign(claims, { expiresIn: lifetimeSeconds }),
      verify: (token) => app.jwt.verify(token),
    }),
    log,
    hub,
    secret: deps.secret,
  })
  // Webhook secrets stored before they were sealed are sealed once at start-up; until then they are read as they are.
  // Not awaited, as the hub: a database that is down must not hold the start-up back, and the next start tries again.
  app.addHook('onReady', () => {
    void modules.webhooks
      .sealPlainSecrets()
      .catch((error: unknown) => log('Cannot seal stored webhook secrets; the next start tries again', error))
    return Promise.resolve()
  })
  if (deps.runJobs ?? true) {
    app.addHook('onReady', () => {
      jobs.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => jobs.stop())
  }
  const callers = createCallerCache({ lifetimeMs: callerLifetimeMs, maxEntries: 10_000 })
  keepCallersFresh(app, callers, hub)
  app.decorate('callerCache', callers)
  installAuthentication(
    app,
    callers.remembering((token, carrier) => modules.users.service.loadCaller(token, carrier)),
  )
  installIdempotency(app, { db })
  if (deps.checkResponses) checkAnswersAgainstContracts(app, deps.checkResponses)
  if (config.METRICS_TOKEN) {
    instrumentApp(app, metrics, { db, openLiveStreams: () => modules.live.service.openStreams() })
  }
  registerMetricsRoute(app, metrics, config.METRICS_TOKEN)
  registerModuleRoutes(app, modules)

  await registerOpenApiRoutes(app, version)

  if (deps.webDistDirectory) {
    await registerWebApp(app, deps.webDistDirectory, {
      config: { darkMode: config.DEFAULT_DARK_MODE },
      documentHeaders: securityHeaders.document,
      describePage: createLinkPreviews({
        pageFacts: modules.explore.pageFacts,
        explore: modules.explore.service,
        baseUrl: config.BASE_URL,
      }),
      log: (message, error) => app.log.error({ err: error }, message),
    })
  }
  return app
}
