import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  rerunWebhooks,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { WebhookService } from './service.js'

export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  registerEndpoint(app, listWebhooks, ({ caller, query }) => webhooks.page(caller, query))
  registerEndpoint(app, createWebhook, async ({ caller, body, reply }) =>
    reply.status(201).send(await webhooks.create(caller, body)),
  )
  registerEndpoint(app, rerunWebhooks, ({ caller }) => webhooks.rerun(caller))
  registerEndpoint(app, replayWebhookDelivery, ({ caller, params }) => webhooks.replay(caller, params.deliveryId))
  registerEndpoint(app, getWebhook, ({ caller, params }) => webhooks.get(caller, params.id))
  registerEndpoint(app, updateWebhook, ({ caller, params, body }) => webhooks.update(caller, params.id, body))
  registerEndpoint(app, deleteWebhook, ({ caller, params }) => webhooks.delete(caller, params.id))
  registerEndpoint(app, testWebhook, ({ caller, params }) => webhooks.test(caller, params.id))
  registerEndpoint(app, rotateWebhookSecret, ({ caller, params }) => webhooks.rotateSecret(caller, params.id))
  registerEndpoint(app, listWebhookDeliveries, ({ caller, params, query }) =>
    webhooks.deliveries(caller, params.id, query),
  )
}
