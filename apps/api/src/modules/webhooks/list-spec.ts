import { ReadWebhook, WebhookDelivery } from '@larder/contracts'
import { webhookDeliveries, webhooks } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What webhook lists filter and order on: ReadWebhook's own fields (the secret excepted: never a filter). */
export const webhookListSpec = defineListSpec({
  table: webhooks,
  shows: ReadWebhook,
  columns: {
    id: webhooks.id,
    name: webhooks.name,
    url: webhooks.url,
    enabled: webhooks.enabled,
    webhook_type: webhooks.webhookType,
    scheduled_time: webhooks.scheduledTime,
    group_id: webhooks.groupId,
    household_id: webhooks.householdId,
  },
  search: [webhooks.name],
  defaultOrder: webhooks.createdAt,
})

/** The delivery log: newest attempt first unless asked otherwise. */
export const webhookDeliveryListSpec = defineListSpec({
  table: webhookDeliveries,
  shows: WebhookDelivery,
  columns: {
    id: webhookDeliveries.id,
    webhook_id: webhookDeliveries.webhookId,
    attempt: webhookDeliveries.attempt,
    attempted_at: webhookDeliveries.attemptedAt,
    status_code: webhookDeliveries.statusCode,
    outcome: webhookDeliveries.outcome,
    duration_ms: webhookDeliveries.durationMs,
  },
  defaultOrder: webhookDeliveries.attemptedAt,
})
