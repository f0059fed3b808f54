import type { ReadPlanEntry } from '@larder/contracts'
import { eventCatalogue } from '@larder/contracts'
import { randomUUID } from 'node:crypto'

/**
 * The body Mealie's webhooks post (its serialized Event, docs/mealie-compatibility.md "Webhooks"), so that receivers
 * written for Mealie keep working: `eventType` is the event's number, `webhookBody` the day's plan entries.
 */
export interface WebhookEventBody {
  message: { title: string; body: string }
  eventType: number
  integrationId: string
  documentData: {
    documentType: 'mealplan'
    operation: 'info'
    webhookStartDt: string
    webhookEndDt: string
    webhookBody: ReadPlanEntry[]
  }
  eventId: string
  timestamp: string
}

/** Mealie's fixed integration id for webhook posts. */
const integrationId = 'mealie_generic_user'

export interface MealPlanWindow {
  /** The household's day, as instants: its local midnight and the next one. */
  start: Date
  end: Date
}

/** A scheduled (or rerun) post: the day's entries. */
export function mealPlanBody(window: MealPlanWindow, entries: ReadPlanEntry[], now: Date): WebhookEventBody {
  return {
    message: { title: 'Webhook Task', body: 'generic' },
    eventType: eventCatalogue['webhook-task'].notifier!.number,
    integrationId,
    documentData: {
      documentType: 'mealplan',
      operation: 'info',
      webhookStartDt: window.start.toISOString(),
      webhookEndDt: window.end.toISOString(),
      webhookBody: entries,
    },
    eventId: randomUUID(),
    timestamp: now.toISOString(),
  }
}

/**
 * A test post: always sent, with the test message's event type and no entries, as Mealie does since it fixed its test
 * (which in 2.0 looked up an impossible date and sent nothing).
 */
export function testBody(now: Date): WebhookEventBody {
  return {
    message: { title: 'Test Message', body: 'Test Webhook' },
    eventType: eventCatalogue['test-message'].notifier!.number,
    integrationId,
    documentData: {
      documentType: 'mealplan',
      operation: 'info',
      webhookStartDt: now.toISOString(),
      webhookEndDt: now.toISOString(),
      webhookBody: [],
    },
    eventId: randomUUID(),
    timestamp: now.toISOString(),
  }
}

/** The `webhook-id` of a message: Standard Webhooks' `msg_` prefix on the event's id. */
export const messageIdOf = (body: WebhookEventBody) => `msg_${body.eventId.replaceAll('-', '')}`
