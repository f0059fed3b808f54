import { z } from 'zod'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { eventsChannel, type NotificationHub } from '../../events/notification-hub.js'
import { eventsAfter } from '../../events/outbox.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { Metrics } from '../../http/metrics.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { parseAppriseUrl, type AppriseTarget } from './apprise-url.js'
import { bodyOf, customFieldsOf, namedRowOf, notifierEventOf, titleOf } from './messages.js'
import { deliveryRepo } from './repo.js'
import { deliver, type DeliveryTransport, type NotifierMessage } from './senders.js'
import { describeFailure } from './transport.js'
import type { SecretSealer } from '../../lib/sealed-secrets.js'

/**
 * One event to one notifier. Five runs in all: retries wait 2, 4, 8 and 16 s (the job queue's backoff), so a
 * receiver that is down for half a minute still gets the event; each run is recorded in notifier_deliveries.
 */
export const deliveryJob = defineJob({
  kind: 'notifiers.deliver',
  payload: z.object({
    notifierId: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    eventVersion: z.number().int(),
    eventName: z.string(),
    title: z.string(),
    body: z.string(),
    /** Mealie's custom fields for json, form and xml URLs. */
    fields: z.record(z.string(), z.string()),
  }),
  maxAttempts: 5,
})

/** Every group whose outbox moved past its cursor, turned into deliveries: the check that needs no notification. */
const catchUpJob = defineJob({ kind: 'notifiers.catch-up', payload: z.object({}), maxAttempts: 1 })

const batchSize = 200

/** Mealie's custom fields ride on the three generic kinds only; every other URL is sent as written. */
/** The transport with the status of its last answer kept: the history records the receiver's code on success too. */
function keepingStatus(transport: DeliveryTransport) {
  const kept = { status: null as number | null }
  const wrapped: DeliveryTransport = {
    async http(call) {
      const answer = await transport.http(call)
      kept.status = answer.status
      return answer
    },
    mail: (call) => transport.mail(call),
  }
  return { kept, transport: wrapped }
}

function withCustomFields(target: AppriseTarget, fields: Record<string, string>): AppriseTarget {
  if (target.kind !== 'json' && target.kind !== 'form' && target.kind !== 'xml') return target
  return { ...target, fields: { ...target.fields, ...fields } }
}

export interface NotifierDeliveryDeps {
  db: Database
  jobs: JobRunner
  hub: NotificationHub
  secrets: SecretSealer
  transport: DeliveryTransport
  baseUrl: string
  log: (message: string, error?: unknown) => void
  metrics: Pick<Metrics, 'deliveryFailed'>
}

/**
 * Turns the outbox into notifier deliveries (docs/events.md): for each event of a group, one job per enabled
 * notifier of the event's household (every household for group-wide data) whose option for the event's type is on.
 * The group's cursor moves in the transaction that enqueues the jobs, under its row lock, so an event is enqueued
 * once whatever the number of instances, and a restart resumes from the cursor.
 */
export function createNotifierDelivery(deps: NotifierDeliveryDeps) {
  const { db, jobs, secrets, transport, log } = deps
  /** Per group: a fan-out under way on this instance, and whether another was asked for meanwhile. */
  const running = new Map<string, { again: boolean }>()

  /** Every attempt goes into notifier_deliveries; one that did not arrive is also counted for GET /metrics. */
  async function recordAttempt(attempt: Parameters<typeof deliveryRepo.record>[1]) {
    await deliveryRepo.record(db, attempt)
    if (attempt.outcome !== 'delivered') deps.metrics.deliveryFailed('notifier', attempt.outcome)
  }

  async function fanOutBatch(tx: Executor, groupId: string): Promise<boolean> {
    const cursor = await deliveryRepo.lockCursor(tx, groupId)
    if (cursor === null) return false
    const found = await eventsAfter(tx, groupId, cursor, batchSize)
    if (found.length === 0) return false
    let groupSlug: string | null = null
    for (const event of found) {
      const notifier = notifierEventOf(event.type)
      // test_message and webhook_task never reach notifiers through the outbox (Mealie's rule).
      if (!notifier || notifier.number <= 2) continue
      const listeners = await deliveryRepo.listeners(tx, groupId, event.householdId, notifier.name)
      if (listeners.length === 0) continue
      groupSlug ??= await deliveryRepo.groupSlug(tx, groupId)
      const row = namedRowOf(event.document)
      const name = row ? await deliveryRepo.nameOf(tx, groupId, row.kind, row.id) : null
      const body = bodyOf(event, { baseUrl: deps.baseUrl, groupSlug, name })
      const fields = customFieldsOf(event, notifier.name, 'generic')
      for (const listener of listeners) {
        await jobs.enqueue(tx, deliveryJob, {
          notifierId: listener.id,
          groupId,
          householdId: listener.householdId,
          eventVersion: event.version,
          eventName: notifier.name,
          title: titleOf(notifier.name),
          body,
          fields,
        })
      }
    }
    await deliveryRepo.moveCursor(tx, groupId, found.at(-1)!.version)
    return found.length === batchSize
  }

  /** Enqueues the deliveries of the group's events past its cursor; one run per group at a time on this instance. */
  async function fanOut(groupId: string): Promise<void> {
    const known = running.get(groupId)
    if (known) {
      known.again = true
      return
    }
    const state = { again: false }
    running.set(groupId, state)
    try {
      for (;;) {
        state.again = false
        const more = await inTransaction(db, (tx) => fanOutBatch(tx, groupId))
        if (!more && !state.again) break
      }
    } catch (error) {
      log('Cannot turn events into notifier deliveries; the next check tries again', error)
    } finally {
      running.delete(groupId)
    }
  }

  async function catchUp(): Promise<void> {
    for (const groupId of await deliveryRepo.groupsBehind(db)) await fanOut(groupId)
  }

  jobs.handle(deliveryJob, async (payload, context) => {
    const notifier = await deliveryRepo.notifier(db, payload.groupId, payload.householdId, payload.notifierId)
    // Deleted or turned off since the event: nothing is owed any more.
    if (!notifier || !notifier.enabled) return
    const sending = keepingStatus(transport)
    const record = (outcome: 'delivered' | 'retrying' | 'failed', failure?: ReturnType<typeof describeFailure>) =>
      recordAttempt({
        notifierId: notifier.id,
        groupId: notifier.groupId,
        householdId: notifier.householdId,
        eventVersion: payload.eventVersion,
        eventType: payload.eventName,
        attempt: context.attempt,
        outcome,
        responseCode: failure ? failure.responseCode : sending.kept.status,
        error: failure?.error ?? null,
      })
    try {
      const target = withCustomFields(parseAppriseUrl(secrets.open(notifier.encryptedUrl)), payload.fields)
      await deliver(target, { title: payload.title, body: payload.body, type: 'info' }, sending.transport)
    } catch (error) {
      const failure = describeFailure(error)
      await record(context.lastAttempt ? 'failed' : 'retrying', failure)
      // The job queue retries with backoff; its log line must not carry the URL either.
      throw new Error(failure.error)
    }
    await record('delivered')
  })
  jobs.handle(catchUpJob, catchUp)
  jobs.schedule({
    name: catchUpJob.kind,
    job: catchUpJob,
    targets: () => [{ key: '', cadence: { everyMinutes: 1 }, payload: {} }],
  })
  // A notification is only a wake-up; the schedule above catches up whatever was missed.
  deps.hub.onChannel(
    eventsChannel,
    (payload) => {
      const [groupId, version] = payload.split(':')
      if (!groupId) return
      // Most groups have no notifier: one read, not a locking transaction, on each of their commits.
      void deliveryRepo
        .cursorOf(db, groupId)
        .then((cursor) => (cursor !== null && cursor < Number(version) ? fanOut(groupId) : undefined))
        .catch((error: unknown) => log('Cannot check notifier deliveries', error))
    },
    () => void catchUp().catch((error: unknown) => log('Cannot check notifier deliveries', error)),
  )

  return {
    fanOut,
    catchUp,
    /** Sends a message straight to a notifier (its test), recording the attempt; answers whether it arrived. */
    async sendNow(
      notifier: { id: string; groupId: string; householdId: string; encryptedUrl: string },
      message: NotifierMessage,
      eventName: string,
    ): Promise<boolean> {
      let failure: ReturnType<typeof describeFailure> | undefined
      const sending = keepingStatus(transport)
      try {
        await deliver(parseAppriseUrl(secrets.open(notifier.encryptedUrl)), message, sending.transport)
      } catch (error) {
        failure = describeFailure(error)
      }
      await recordAttempt({
        notifierId: notifier.id,
        groupId: notifier.groupId,
        householdId: notifier.householdId,
        eventVersion: null,
        eventType: eventName,
        attempt: 1,
        outcome: failure ? 'failed' : 'delivered',
        responseCode: failure ? failure.responseCode : sending.kept.status,
        error: failure?.error ?? null,
      })
      return !failure
    },
  }
}

export type NotifierDelivery = ReturnType<typeof createNotifierDelivery>
