import { z } from 'zod'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { endpointGroup } from '../endpoint.js'
import { CreateWebhook, ReadWebhook, WebhookDelivery } from './models.js'

const path = '/api/households/webhooks'

/**
 * Household scope, for advanced users only: Mealie's web client shows webhooks only to them and Larder enforces it on
 * the server (docs/security.md "Access flags and guards"; docs/mealie-compatibility.md "Webhooks").
 */
const webhooks = endpointGroup({
  tags: ['Households: Webhooks'],
  auth: 'user',
  guards: ['advanced'],
  errors: { 403: ErrorResponse, 404: ErrorResponse },
})

const byId = z.object({ id: z.uuid() })

export const listWebhooks = webhooks.endpoint({
  method: 'GET',
  path,
  summary: "List the household's webhooks",
  query: PaginationQuery,
  responses: { 200: paginated(ReadWebhook) },
})

export const createWebhook = webhooks.endpoint({
  method: 'POST',
  path,
  summary: 'Create a webhook, with a new signing secret',
  body: CreateWebhook,
  responses: { 201: ReadWebhook },
})

export const rerunWebhooks = webhooks.endpoint({
  method: 'POST',
  path: `${path}/rerun`,
  summary: "Send today's meal plan again to every enabled webhook whose time has passed today",
  responses: { 200: z.null() },
})

export const replayWebhookDelivery = webhooks.endpoint({
  method: 'POST',
  path: `${path}/deliveries/:deliveryId/replay`,
  summary: 'Send the message of a logged delivery again (same webhook-id, new signature)',
  params: z.object({ deliveryId: z.uuid() }),
  responses: { 200: z.null() },
})

export const getWebhook = webhooks.endpoint({
  method: 'GET',
  path: `${path}/:id`,
  summary: 'Read one webhook',
  params: byId,
  responses: { 200: ReadWebhook },
})

export const updateWebhook = webhooks.endpoint({
  method: 'PUT',
  path: `${path}/:id`,
  summary: 'Replace a webhook; its secret is kept',
  params: byId,
  body: CreateWebhook,
  responses: { 200: ReadWebhook },
})

export const deleteWebhook = webhooks.endpoint({
  method: 'DELETE',
  path: `${path}/:id`,
  summary: 'Delete a webhook and its delivery log; answers it as it was',
  params: byId,
  responses: { 200: ReadWebhook },
})

export const testWebhook = webhooks.endpoint({
  method: 'POST',
  path: `${path}/:id/test`,
  summary: 'Send a signed test message to the webhook, enabled or not (delivered after the answer)',
  params: byId,
  responses: { 200: z.null() },
})

export const rotateWebhookSecret = webhooks.endpoint({
  method: 'POST',
  path: `${path}/:id/rotate-secret`,
  summary: 'Give the webhook a new secret; the old one keeps signing beside it for 24 hours',
  params: byId,
  responses: { 200: ReadWebhook },
})

export const listWebhookDeliveries = webhooks.endpoint({
  method: 'GET',
  path: `${path}/:id/deliveries`,
  summary: "The webhook's delivery log, newest first: one row per attempt",
  params: byId,
  // Paged, newest first; a log is browsed, not filtered (so no queryFilter or orderBy).
  query: PaginationQuery.pick({ page: true, perPage: true }),
  responses: { 200: paginated(WebhookDelivery) },
})

export const webhookEndpoints = [
  listWebhooks,
  createWebhook,
  rerunWebhooks,
  replayWebhookDelivery,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  rotateWebhookSecret,
  listWebhookDeliveries,
] as const
