import type { CreateWebhookParsed, ReadWebhook, WebhookDelivery } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { dateIn, wallClock } from '../../lib/zoned-time.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { dayWindow, enqueueAttempt, jobScope, sendMessage } from './delivery.js'
import { mealPlanBody, messageIdOf, testBody } from './payload.js'
import { webhookRepo, type WebhookRow, type WebhookValues } from './repo.js'
import type { WebhookSecrets } from './secrets.js'
import { newWebhookSecret, secretOverlapMs } from './signing.js'

const missing = () => notFound('Not found.')

const twoDigits = (value: number) => String(value).padStart(2, '0')

/**
 * `HH:MM` on the household's wall clock from what CreateWebhook accepts: a time of day is taken as written (seconds
 * dropped: the schedule runs on whole minutes); a datetime with an offset is read on the household's clock, one
 * without as written.
 */
export function scheduledTimeOf(input: string, timeZone: string): string {
  const time = /^(\d{1,2}):(\d{2})/.exec(input)
  if (time) return `${twoDigits(Number(time[1]))}:${time[2]}`
  if (/(Z|[+-]\d\d:?\d\d)$/.test(input)) {
    const clock = wallClock(new Date(input), timeZone)
    return `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`
  }
  const [, hour, minute] = /[T ](\d{2}):(\d{2})/.exec(input)!
  return `${hour}:${minute}`
}

/** `secret` is opened for the answer; '' when it cannot be (the instance secret changed: rotating gives a new one). */
export function toReadWebhook(secrets: WebhookSecrets, row: WebhookRow, now = new Date()): ReadWebhook {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null
  return {
    id: row.id,
    groupId: row.groupId,
    householdId: row.householdId,
    enabled: row.enabled,
    name: row.name,
    url: row.url,
    webhookType: 'mealplan',
    scheduledTime: `${row.scheduledTime}:00`,
    secret: secrets.open(row.secret) ?? '',
    previousSecretExpiresAt: overlap?.toISOString() ?? null,
    disabledReason: row.disabledReason,
  }
}

export function createWebhookService(deps: {
  db: Database
  jobs: JobRunner
  mealplans: Pick<MealPlansModule, 'readEntriesOn' | 'timeZoneOf'>
  secrets: WebhookSecrets
}) {
  const { db, secrets } = deps
  const answer = (row: WebhookRow, now?: Date) => toReadWebhook(secrets, row, now)

  async function valuesOf(ex: Executor, scope: Scope, input: CreateWebhookParsed): Promise<WebhookValues> {
    return {
      enabled: input.enabled,
      name: input.name,
      url: input.url,
      webhookType: input.webhookType,
      scheduledTime: scheduledTimeOf(input.scheduledTime, await deps.mealplans.timeZoneOf(scope, ex)),
    }
  }

  async function found(ex: Executor, scope: Scope, id: string, options: { forUpdate?: boolean } = {}) {
    const row = await webhookRepo.findById(ex, scope, id, options)
    if (!row) throw missing()
    return row
  }

  return {
    page(scope: Scope, query: ListQuery): Promise<Page<ReadWebhook>> {
      return webhookRepo.page(db, scope, query, {
        path: '/households/webhooks',
        select: async (ids) => (await webhookRepo.findByIds(db, scope, ids.map(String))).map((row) => answer(row)),
      })
    },

    async create(scope: Scope, input: CreateWebhookParsed): Promise<ReadWebhook> {
      return inTransaction(db, async (tx) => {
        const values = await valuesOf(tx, scope, input)
        const secret = secrets.seal(newWebhookSecret())
        return answer(await webhookRepo.insert(tx, scope, { ...values, secret }))
      })
    },

    async get(scope: Scope, id: string): Promise<ReadWebhook> {
      return answer(await found(db, scope, id))
    },

    async update(scope: Scope, id: string, input: CreateWebhookParsed): Promise<ReadWebhook> {
      return inTransaction(db, async (tx) => {
        await found(tx, scope, id, { forUpdate: true })
        const values = await valuesOf(tx, scope, input)
        // Turned on again by a user: the server's reason for turning it off no longer holds.
        const row = await webhookRepo.update(tx, scope, id, {
          ...values,
          ...(values.enabled ? { disabledReason: null } : {}),
        })
        return answer(row!)
      })
    },

    async delete(scope: Scope, id: string): Promise<ReadWebhook> {
      return inTransaction(db, async (tx) => {
        const row = await found(tx, scope, id, { forUpdate: true })
        await webhookRepo.delete(tx, scope, id)
        return answer(row)
      })
    },

    /** A signed test message, enabled or not; delivered (and retried) as any other. */
    async test(scope: Scope, id: string): Promise<null> {
      await inTransaction(db, async (tx) => {
        const webhook = await found(tx, scope, id)
        const body = testBody(new Date())
        await sendMessage(deps, tx, scope, {
          webhookId: webhook.id,
          messageId: messageIdOf(body),
          kind: 'test',
          localDate: null,
          body: JSON.stringify(body),
        })
      })
      return null
    },

    /**
     * Today's plan again to every enabled webhook whose time has passed today (the household's today and clock;
     * Mealie: UTC's). Not the once-a-day message: a rerun is asked for, so it is sent whatever went before.
     */
    async rerun(scope: Scope, now = new Date()): Promise<null> {
      await inTransaction(db, async (tx) => {
        const timeZone = await deps.mealplans.timeZoneOf(scope, tx)
        const today = dateIn(now, timeZone)
        const clock = wallClock(now, timeZone)
        const time = `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`
        const due = (await webhookRepo.enabledInHousehold(tx, scope)).filter((row) => row.scheduledTime <= time)
        if (due.length === 0) return
        const entries = await deps.mealplans.readEntriesOn(tx, jobScope(scope), today)
        if (entries.length === 0) return
        for (const webhook of due) {
          const body = mealPlanBody(dayWindow(today, timeZone), entries, now)
          await sendMessage(deps, tx, scope, {
            webhookId: webhook.id,
            messageId: messageIdOf(body),
            kind: 'rerun',
            localDate: today,
            body: JSON.stringify(body),
          })
        }
      })
      return null
    },

    /** A new secret; the old one keeps signing beside it for a day, so receivers can switch without a gap. */
    async rotateSecret(scope: Scope, id: string, now = new Date()): Promise<ReadWebhook> {
      return inTransaction(db, async (tx) => {
        const row = await found(tx, scope, id, { forUpdate: true })
        const updated = await webhookRepo.update(tx, scope, id, {
          secret: secrets.seal(newWebhookSecret()),
          // Kept as stored (sealed, or plain from before sealing: the start-up's reseal takes it).
          previousSecret: row.secret,
          previousSecretExpiresAt: new Date(now.getTime() + secretOverlapMs),
        })
        return answer(updated!, now)
      })
    },

    async deliveries(
      scope: Scope,
      id: string,
      query: Pick<ListQuery, 'page' | 'perPage'>,
    ): Promise<Page<WebhookDelivery>> {
      await found(db, scope, id)
      return webhookRepo.pageDeliveries(
        db,
        scope,
        id,
        { ...query, orderDirection: 'desc' },
        {
          path: `/households/webhooks/${id}/deliveries`,
          select: async (ids) =>
            (await webhookRepo.deliveriesByIds(db, scope, ids.map(String))).map(({ delivery, messageId, kind }) => ({
              id: delivery.id,
              webhookId: delivery.webhookId,
              messageId,
              kind,
              attempt: delivery.attempt,
              attemptedAt: delivery.attemptedAt.toISOString(),
              statusCode: delivery.statusCode,
              outcome: delivery.outcome,
              durationMs: delivery.durationMs,
              error: delivery.error,
              nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
            })),
        },
      )
    },

    /** The logged delivery's message once more: the same `webhook-id`, so a receiver that has it can tell. */
    async replay(scope: Scope, deliveryId: string): Promise<null> {
      await inTransaction(db, async (tx) => {
        const delivery = await webhookRepo.findDelivery(tx, scope, deliveryId)
        if (!delivery) throw missing()
        await enqueueAttempt(deps, tx, scope, delivery.messageId, 1)
      })
      return null
    },
  }
}

export type WebhookService = ReturnType<typeof createWebhookService>
