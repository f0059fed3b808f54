import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { NotificationHub } from '../../events/notification-hub.js'
import type { Metrics } from '../../http/metrics.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { createNotifierDelivery } from './delivery.js'
import { registerNotifierRoutes } from './routes.js'
import type { DeliveryTransport } from './senders.js'
import { createNotifierService } from './service.js'
import { createDeliveryTransport } from './transport.js'
import { createSecretSealer } from '../../lib/sealed-secrets.js'

export type { NotifierService } from './service.js'
/** For restoring Mealie's notifiers (modules/backups/mealie): their URLs are sealed and masked as the service does. */
export { maskAppriseUrl } from './apprise-url.js'

/** The sealer of notifier URLs. Its purpose names the key they were first sealed under: it must not change. */
export const notifierUrlSealer = (instanceSecret: string) => createSecretSealer(instanceSecret, 'notifier-urls')

/**
 * A household's notifiers (docs/mealie-compatibility.md "Notifiers"): Apprise URLs Larder delivers itself, from the
 * event outbox, as retried jobs with every attempt recorded.
 */
export function createNotifiersModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  hub: NotificationHub
  secret: string
  metrics: Metrics
  log: (message: string, error?: unknown) => void
  /** Tests: a transport of their own. */
  transport?: DeliveryTransport
}) {
  const secrets = notifierUrlSealer(deps.secret)
  const delivery = createNotifierDelivery({
    db: deps.db,
    jobs: deps.jobs,
    hub: deps.hub,
    secrets,
    transport: deps.transport ?? createDeliveryTransport({ allowList: deps.config.HTTP_ALLOW_LIST }),
    baseUrl: deps.config.BASE_URL,
    log: deps.log,
    metrics: deps.metrics,
  })
  const service = createNotifierService({ db: deps.db, secrets, delivery })
  return { service, delivery, registerRoutes: (app: FastifyInstance) => registerNotifierRoutes(app, service) }
}

export type NotifiersModule = ReturnType<typeof createNotifiersModule>
