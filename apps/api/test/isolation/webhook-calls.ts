import { webhookDeliveries, webhookMessages, webhooks } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

/**
 * The matrix's cases for webhooks (modules/webhooks): each on a webhook of the caller's own household, for advanced
 * users only. URLs are empty, so that what a call enqueues is refused at once without a network (and is the same on
 * both sides of the casing sweep).
 */
export function webhookCases(testApp: TestApp): Record<string, EndpointCase> {
  const { db } = testApp
  const path = '/api/households/webhooks'
  const ownWebhook = async (caller: WorldUser) => {
    const [row] = await db
      .insert(webhooks)
      .values({
        groupId: caller.groupId,
        householdId: caller.householdId,
        name: 'Matrix hook',
        url: '',
        scheduledTime: '07:30',
        secret: 'whsec_bWF0cml4LXNlY3JldC1tYXRyaXgtc2VjcmV0',
      })
      .returning()
    return row!
  }
  const ownDelivery = async (caller: WorldUser) => {
    const webhook = await ownWebhook(caller)
    const scope = { groupId: caller.groupId, householdId: caller.householdId }
    const [message] = await db
      .insert(webhookMessages)
      .values({ ...scope, webhookId: webhook.id, messageId: 'msg_matrix', kind: 'test', body: '{}' })
      .returning()
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        ...scope,
        webhookId: webhook.id,
        messageId: message!.id,
        attempt: 1,
        attemptedAt: new Date('2026-03-02T07:30:00Z'),
        outcome: 'refused',
        durationMs: 0,
        error: 'The webhook has no URL',
      })
      .returning()
    return { webhook, delivery: delivery! }
  }
  const body = { enabled: false, name: 'Breakfast hook', url: '', webhookType: 'mealplan', scheduledTime: '07:45' }
  return {
    [`GET ${path}`]: {
      rule: 'advanced',
      request: async (caller) => {
        await ownWebhook(caller)
        return { url: `${path}?perPage=-1` }
      },
    },
    [`POST ${path}`]: { rule: 'advanced', request: () => ({ url: path, payload: body }) },
    [`POST ${path}/rerun`]: { rule: 'advanced', request: () => ({ url: `${path}/rerun` }) },
    [`POST ${path}/deliveries/:deliveryId/replay`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/deliveries/${(await ownDelivery(caller)).delivery.id}/replay` }),
    },
    [`GET ${path}/:id`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownWebhook(caller)).id}` }),
    },
    [`PUT ${path}/:id`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownWebhook(caller)).id}`, payload: body }),
    },
    [`DELETE ${path}/:id`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownWebhook(caller)).id}` }),
    },
    [`POST ${path}/:id/test`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownWebhook(caller)).id}/test` }),
    },
    [`POST ${path}/:id/rotate-secret`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownWebhook(caller)).id}/rotate-secret` }),
    },
    [`GET ${path}/:id/deliveries`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${(await ownDelivery(caller)).webhook.id}/deliveries` }),
    },
  }
}
