import { z } from 'zod'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Scope } from '../../http/scope.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { Metrics } from '../../http/metrics.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { latestSlot } from '../../jobs/schedule-slots.js'
import {
  OutboundError,
  OutboundHttpError,
  OutboundRefused,
  OutboundTooLarge,
  type OutboundFetch,
} from '../../lib/outbound-fetch.js'
import { addDays, dateIn, instantOn } from '../../lib/zoned-time.js'
import { version } from '../../version.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { mealPlanBody, messageIdOf } from './payload.js'
import { webhookRepo, type DeliveryRow, type HouseholdScope, type MessageRow } from './repo.js'
import { delayAfterAttempt, retryAfterMs } from './retry-schedule.js'
import { signingKeysOf, type WebhookSecrets } from './secrets.js'
import { secretsInForce, signedHeaders, type SigningKeys } from './signing.js'

const household = { groupId: z.uuid(), householdId: z.uuid() }

/**
 * One attempt to deliver a message. A receiver's failure is retried by enqueueing the next attempt at the Standard
 * Webhooks delay (retry-schedule.ts), recorded in the same transaction as the attempt; the job's own retries (3, the
 * runner's backoff) cover only a failure of Larder's, such as the database going away mid-attempt.
 */
export const deliverWebhookJob = defineJob({
  kind: 'webhooks.deliver',
  payload: z.object({ ...household, messageId: z.uuid(), attempt: z.number().int().min(1) }),
  maxAttempts: 3,
})

/** A webhook's day: the meal plan of `date` on the household's calendar, sent once (webhook_messages' unique key). */
export const fireScheduledWebhookJob = defineJob({
  kind: 'webhooks.fire-scheduled',
  payload: z.object({ ...household, webhookId: z.uuid(), date: z.iso.date() }),
  maxAttempts: 3,
})

/** A webhook answers within this, as Mealie allows its posts. */
const deliveryTimeoutMs = 15_000
/** A receiver's answer is not read; past this size it is not even received. */
const answerBytes = 64 * 1024

/** A background job's scope: the household, without a user (nothing here reads what is a user's own). */
export const jobScope = (scope: HouseholdScope): Scope => ({ ...scope, userId: '' })

/** The household's day `date` as instants: its local midnight and the next, whatever the clocks do in between. */
export function dayWindow(date: string, timeZone: string) {
  return { start: instantOn(date, '00:00', timeZone), end: instantOn(addDays(date, 1), '00:00', timeZone) }
}

/**
 * A webhook's latest daily slot at `now` (its time on the household's wall clock, across changes of offset) and the
 * household's date it falls on: the date whose plan it sends, though the job may run after midnight.
 */
export function mealPlanSlot(scheduledTime: string, timeZone: string, now: Date) {
  const cadence = { dailyAt: scheduledTime, timeZone }
  const slot = latestSlot(cadence, now)
  return { cadence, slot, date: dateIn(slot, timeZone) }
}

interface AttemptResult {
  outcome: DeliveryRow['outcome']
  statusCode: number | null
  error: string | null
  retryAfter: number | null
}

function describe(error: OutboundError): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`.slice(0, 1000)
}

export interface WebhookDeliveryDeps {
  db: Database
  jobs: JobRunner
  fetch: OutboundFetch
  mealplans: Pick<MealPlansModule, 'readEntriesOn' | 'timeZoneOf' | 'timeZonesOf'>
  metrics: Pick<Metrics, 'deliveryFailed'>
  secrets: WebhookSecrets
  /** Math.random; tests pin the jitter. */
  random?: () => number
}

/** Records a message and enqueues its first attempt, in the caller's transaction. */
export async function sendMessage(
  deps: Pick<WebhookDeliveryDeps, 'jobs'>,
  tx: Parameters<JobRunner['enqueue']>[0],
  scope: HouseholdScope,
  message: Pick<MessageRow, 'webhookId' | 'messageId' | 'kind' | 'localDate' | 'body'>,
): Promise<MessageRow | null> {
  const row = await webhookRepo.insertMessage(tx, scope, message)
  if (row) await enqueueAttempt(deps, tx, scope, row.id, 1)
  return row
}

export async function enqueueAttempt(
  deps: Pick<WebhookDeliveryDeps, 'jobs'>,
  tx: Parameters<JobRunner['enqueue']>[0],
  scope: HouseholdScope,
  messageId: string,
  attempt: number,
  runAfter?: Date,
) {
  const payload = { groupId: scope.groupId, householdId: scope.householdId, messageId, attempt }
  await deps.jobs.enqueue(tx, deliverWebhookJob, payload, runAfter ? { runAfter } : {})
}

/** Registers the delivery and the daily meal-plan schedule on the instance's jobs. */
export function registerWebhookJobs(deps: WebhookDeliveryDeps) {
  const { db, jobs } = deps

  async function post(url: string, message: MessageRow, keys: SigningKeys) {
    const at = new Date()
    const headers = signedHeaders(
      secretsInForce(keys, at),
      message.messageId,
      Math.floor(at.getTime() / 1000),
      message.body,
    )
    await deps.fetch(url, {
      method: 'POST',
      body: message.body,
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: '*/*',
        'user-agent': `Larder-Webhooks/${version}`,
      },
      timeoutMs: deliveryTimeoutMs,
      maxBytes: answerBytes,
    })
  }

  async function attemptOnce(url: string, message: MessageRow, keys: SigningKeys | null) {
    if (!url)
      return { outcome: 'refused', statusCode: null, error: 'The webhook has no URL', retryAfter: null } as const
    if (!keys) {
      const error = "The webhook's secret cannot be read (the instance's SECRET changed): rotate its secret"
      return { outcome: 'refused', statusCode: null, error, retryAfter: null } as const
    }
    try {
      await post(url, message, keys)
      return { outcome: 'succeeded', statusCode: null, error: null, retryAfter: null } as const
    } catch (error) {
      if (error instanceof OutboundTooLarge) {
        // Only a 2xx answer's body is read: the receiver took the message and then said a lot.
        return { outcome: 'succeeded', statusCode: null, error: null, retryAfter: null } as const
      }
      if (error instanceof OutboundHttpError) {
        return {
          outcome: error.status === 410 ? 'disabled' : 'failed',
          statusCode: error.status,
          error: describe(error),
          retryAfter: retryAfterMs(error.retryAfter, new Date()),
        } as const
      }
      if (error instanceof OutboundRefused) {
        const hint =
          error.reason === 'private-address'
            ? ' (a receiver on your own network must be listed in HTTP_ALLOW_LIST)'
            : ''
        return { outcome: 'refused', statusCode: null, error: `${error.message}${hint}`, retryAfter: null } as const
      }
      if (error instanceof OutboundError) {
        return { outcome: 'failed', statusCode: null, error: describe(error), retryAfter: null } as const
      }
      throw error
    }
  }

  jobs.handle(deliverWebhookJob, async (payload) => {
    const scope = { groupId: payload.groupId, householdId: payload.householdId }
    const message = await webhookRepo.findMessage(db, scope, payload.messageId)
    // Deleted with its webhook: nothing left to send.
    if (!message) return
    const webhook = await webhookRepo.findById(db, scope, message.webhookId)
    if (!webhook) return
    // A retry stops once the webhook is turned off (by a user, or by a 410); a first attempt (a test, a replay) goes.
    if (payload.attempt > 1 && !webhook.enabled) return
    const attemptedAt = new Date()
    const started = performance.now()
    const result: AttemptResult = await attemptOnce(webhook.url, message, signingKeysOf(deps.secrets, webhook))
    const durationMs = Math.round(performance.now() - started)
    const delay =
      result.outcome === 'failed' ? delayAfterAttempt(payload.attempt, result.retryAfter, deps.random) : null
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay)
    const statusCode = result.outcome === 'succeeded' ? 200 : result.statusCode
    const recordedOutcome = nextAttemptAt ? 'retrying' : result.outcome
    await inTransaction(db, async (tx) => {
      const delivery = await webhookRepo.insertDelivery(tx, scope, {
        webhookId: webhook.id,
        messageId: message.id,
        attempt: payload.attempt,
        attemptedAt,
        statusCode,
        outcome: recordedOutcome,
        durationMs,
        error: result.error,
        nextAttemptAt,
      })
      if (result.outcome === 'disabled') {
        await webhookRepo.update(tx, scope, webhook.id, {
          enabled: false,
          disabledReason: `${webhook.url} answered 410 Gone on ${attemptedAt.toISOString()}: the receiver asked for no more messages`,
        })
      }
      if (nextAttemptAt) await enqueueAttempt(deps, tx, scope, message.id, payload.attempt + 1, nextAttemptAt)
      // The last attempt failed: the household's notifiers hear of it through the outbox (webhooks never call them).
      if (result.outcome === 'failed' && !nextAttemptAt) {
        await publish(
          tx,
          { ...scope, userId: null },
          {
            type: 'webhook-delivery.failed',
            document: { webhookId: webhook.id, deliveryId: delivery.id, attempts: payload.attempt },
          },
        )
      }
    })
    // Counted once the attempt is recorded (a rolled-back record is retried by the job, and counted then).
    if (recordedOutcome !== 'succeeded') deps.metrics.deliveryFailed('webhook', recordedOutcome)
  })

  jobs.handle(fireScheduledWebhookJob, async (payload) => {
    const scope = { groupId: payload.groupId, householdId: payload.householdId }
    await inTransaction(db, async (tx) => {
      const webhook = await webhookRepo.findById(tx, scope, payload.webhookId)
      if (!webhook?.enabled) return
      const entries = await deps.mealplans.readEntriesOn(tx, jobScope(scope), payload.date)
      // As Mealie: a day without a plan sends nothing.
      if (entries.length === 0) return
      const timeZone = await deps.mealplans.timeZoneOf(jobScope(scope), tx)
      const body = mealPlanBody(dayWindow(payload.date, timeZone), entries, new Date())
      await sendMessage(deps, tx, scope, {
        webhookId: webhook.id,
        messageId: messageIdOf(body),
        kind: 'scheduled',
        localDate: payload.date,
        body: JSON.stringify(body),
      })
    })
  })

  jobs.schedule({
    name: 'webhooks.mealplan',
    job: fireScheduledWebhookJob,
    targets: async (now) => {
      const rows = await webhookRepo.allEnabledSchedules(db)
      const zones = await deps.mealplans.timeZonesOf([...new Set(rows.map((row) => row.householdId))])
      return rows.map((row) => {
        const { cadence, date } = mealPlanSlot(row.scheduledTime, zones.get(row.householdId)!, now)
        return {
          key: row.id,
          cadence,
          payload: { groupId: row.groupId, householdId: row.householdId, webhookId: row.id, date },
        }
      })
    },
  })
}
