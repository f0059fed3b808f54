import {
  storedNotifierOptionFlags,
  notifierOptionFlags,
  type GroupEventNotifierCreateParsed,
  type GroupEventNotifierOut,
  type GroupEventNotifierUpdateParsed,
  type NotifierDelivery,
} from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { AppriseUrlError, maskAppriseUrl, parseAppriseUrl } from './apprise-url.js'
import type { NotifierDelivery as Delivery } from './delivery.js'
import { eventNameOf } from './messages.js'
import { deliveryRepo, notifierRepo, type DeliveryRow, type NotifierRow } from './repo.js'
import type { SecretSealer } from '../../lib/sealed-secrets.js'

const missing = () => notFound('Not found.')

export function toNotifierOut(row: NotifierRow): GroupEventNotifierOut {
  const heard = new Set(row.events)
  const flags = Object.fromEntries(notifierOptionFlags.map((flag) => [flag, heard.has(eventNameOf(flag))])) as Record<
    (typeof notifierOptionFlags)[number],
    boolean
  >
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    groupId: row.groupId,
    householdId: row.householdId,
    options: { ...flags, id: row.optionsId },
    maskedUrl: row.maskedUrl,
  }
}

const toDelivery = (row: DeliveryRow): NotifierDelivery => ({
  id: row.id,
  notifierId: row.notifierId,
  eventVersion: row.eventVersion,
  eventType: row.eventType,
  attempt: row.attempt,
  outcome: row.outcome,
  responseCode: row.responseCode,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
})

/** Checks an Apprise URL and seals it: a URL Larder cannot deliver is a 422 at `appriseUrl`, nothing stored. */
function sealedUrl(secrets: SecretSealer, url: string) {
  try {
    parseAppriseUrl(url)
    return { encryptedUrl: secrets.seal(url), maskedUrl: maskAppriseUrl(url) }
  } catch (error) {
    if (!(error instanceof AppriseUrlError)) throw error
    throw new ValidationFailure([{ loc: ['body', 'appriseUrl'], msg: error.message, type: 'value_error' }])
  }
}

export function createNotifierService(deps: { db: Database; secrets: SecretSealer; delivery: Delivery }) {
  const { db, secrets, delivery } = deps
  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<GroupEventNotifierOut>> {
      return notifierRepo.page(db, scope, query, {
        path,
        select: async (ids) => (await notifierRepo.findByIds(db, scope, ids.map(String))).map(toNotifierOut),
      })
    },

    /** Enabled, with every event off (Mealie's); the group's deliveries start from here. */
    async create(scope: Scope, input: GroupEventNotifierCreateParsed): Promise<GroupEventNotifierOut> {
      const url = sealedUrl(secrets, input.appriseUrl)
      const row = await inTransaction(db, async (tx) => {
        await deliveryRepo.startCursor(tx, scope.groupId)
        return notifierRepo.insert(tx, scope, { name: input.name, ...url, enabled: true, events: [] })
      })
      return toNotifierOut(row)
    },

    async get(scope: Scope, id: string): Promise<GroupEventNotifierOut> {
      const row = await notifierRepo.find(db, scope, id)
      if (!row) throw missing()
      return toNotifierOut(row)
    },

    /**
     * Name, state and options replaced; the options as a whole, a flag left out is off. The URL is kept when the body
     * has none, or when it sends back the masked form it was answered.
     */
    async update(scope: Scope, id: string, input: GroupEventNotifierUpdateParsed): Promise<GroupEventNotifierOut> {
      const options = input.options as Record<string, unknown>
      const events = storedNotifierOptionFlags.filter((flag) => options[flag] === true).map(eventNameOf)
      const row = await inTransaction(db, async (tx) => {
        const current = await notifierRepo.find(tx, scope, id, { forUpdate: true })
        if (!current) throw missing()
        const keepsUrl = !input.appriseUrl || input.appriseUrl === current.maskedUrl
        const url = keepsUrl ? {} : sealedUrl(secrets, input.appriseUrl!)
        return notifierRepo.update(tx, scope, id, { name: input.name, enabled: input.enabled, events, ...url })
      })
      return toNotifierOut(row)
    },

    async delete(scope: Scope, id: string): Promise<void> {
      if (!(await notifierRepo.delete(db, scope, id))) throw missing()
    },

    /**
     * Mealie's test: `Test Message` / `test message` sent at once, without the custom fields; a failure still answers
     * 204, as Mealie's does, and shows in the delivery history.
     */
    async test(scope: Scope, id: string): Promise<void> {
      const row = await notifierRepo.find(db, scope, id)
      if (!row) throw missing()
      await delivery.sendNow(row, { title: 'Test Message', body: 'test message', type: 'info' }, 'test_message')
    },

    async deliveries(scope: Scope, id: string, limit: number): Promise<NotifierDelivery[]> {
      const row = await notifierRepo.find(db, scope, id)
      if (!row) throw missing()
      return (await notifierRepo.deliveries(db, scope, id, limit)).map(toDelivery)
    },
  }
}

export type NotifierService = ReturnType<typeof createNotifierService>
