import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Metrics } from '../../http/metrics.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { createOutboundFetch, type OutboundFetch } from '../../lib/outbound-fetch.js'
import { createSecretSealer } from '../../lib/sealed-secrets.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { registerWebhookJobs } from './delivery.js'
import { registerWebhookRoutes } from './routes.js'
import { createWebhookSecrets, sealPlainWebhookSecrets } from './secrets.js'
import { createWebhookService } from './service.js'

export type { WebhookService } from './service.js'
/** For restoring Mealie's webhooks (modules/backups/mealie), which had no secret. */
export { newWebhookSecret } from './signing.js'

/** The sealer of webhook signing secrets; its purpose names their key and must not change. */
export const webhookSecretSealer = (instanceSecret: string) => createSecretSealer(instanceSecret, 'webhook-secrets')

/**
 * A household's webhooks (docs/mealie-compatibility.md "Webhooks"): Mealie's daily meal-plan post, signed as Standard
 * Webhooks says, delivered as jobs with retries and a log, through the outbound guard (`HTTP_ALLOW_LIST`).
 */
export function createWebhooksModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  mealplans: MealPlansModule
  metrics: Metrics
  /** The instance's secret: the root of the key webhook secrets are sealed under. */
  secret: string
  /** The guard with the instance's allow list; tests may give their own. */
  fetch?: OutboundFetch
  random?: () => number
}) {
  const fetch = deps.fetch ?? createOutboundFetch({ allowList: deps.config.HTTP_ALLOW_LIST })
  const secrets = createWebhookSecrets(webhookSecretSealer(deps.secret))
  registerWebhookJobs({
    db: deps.db,
    secrets,
    jobs: deps.jobs,
    fetch,
    mealplans: deps.mealplans,
    metrics: deps.metrics,
    ...(deps.random ? { random: deps.random } : {}),
  })
  const service = createWebhookService({ ...deps, secrets })
  return {
    service,
    /** Seals the secrets of webhooks stored before they were sealed; answers how many rows it sealed. */
    sealPlainSecrets: () => sealPlainWebhookSecrets(deps.db, secrets),
    registerRoutes: (app: FastifyInstance) => registerWebhookRoutes(app, service),
  }
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>
