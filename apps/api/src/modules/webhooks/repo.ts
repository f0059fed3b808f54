import { and, eq, inArray, not, or, like } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { webhookDeliveries, webhookMessages, webhooks } from '../../db/schema/index.js'
import { paginate, type ListQuery, type Page, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { webhookDeliveryListSpec, webhookListSpec } from './list-spec.js'

export type WebhookRow = typeof webhooks.$inferSelect
export type MessageRow = typeof webhookMessages.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

export interface WebhookValues {
  enabled: boolean
  name: string
  url: string
  webhookType: string
  scheduledTime: string
}

/** A household without a user: what background work acts within (every query still filters by it). */
export type HouseholdScope = Pick<Scope, 'groupId' | 'householdId'>

const inHousehold = (scope: HouseholdScope) =>
  and(eq(webhooks.groupId, scope.groupId), eq(webhooks.householdId, scope.householdId))!
const messagesInHousehold = (scope: HouseholdScope) =>
  and(eq(webhookMessages.groupId, scope.groupId), eq(webhookMessages.householdId, scope.householdId))!
const deliveriesInHousehold = (scope: HouseholdScope) =>
  and(eq(webhookDeliveries.groupId, scope.groupId), eq(webhookDeliveries.householdId, scope.householdId))!

type ListOptions<Item> = Omit<PaginateOptions<Item>, 'scope' | 'where'>

export const webhookRepo = {
  page<Item>(ex: Executor, scope: HouseholdScope, query: ListQuery, options: ListOptions<Item>): Promise<Page<Item>> {
    return paginate(ex, webhookListSpec, query, { ...options, scope: inHousehold(scope) })
  },

  async findByIds(ex: Executor, scope: HouseholdScope, ids: readonly string[]): Promise<WebhookRow[]> {
    if (ids.length === 0) return []
    return ex
      .select()
      .from(webhooks)
      .where(and(inHousehold(scope), inArray(webhooks.id, [...ids])))
  },

  async findById(ex: Executor, scope: HouseholdScope, id: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(webhooks)
      .where(and(inHousehold(scope), eq(webhooks.id, id)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  async enabledInHousehold(ex: Executor, scope: HouseholdScope): Promise<WebhookRow[]> {
    return ex
      .select()
      .from(webhooks)
      .where(and(inHousehold(scope), eq(webhooks.enabled, true)))
  },

  /**
   * Every enabled webhook of every household, for the schedule (a job of the instance, not of a caller): only what
   * places each in its tenancy and on the clock.
   */
  async allEnabledSchedules(ex: Executor) {
    return ex
      .select({
        id: webhooks.id,
        groupId: webhooks.groupId,
        householdId: webhooks.householdId,
        scheduledTime: webhooks.scheduledTime,
      })
      .from(webhooks)
      .where(eq(webhooks.enabled, true))
  },

  /** Rows whose secrets are stored plainly (written before sealing), of every household: the start-up's reseal. */
  async allWithPlainSecrets(ex: Executor) {
    return ex
      .select({ id: webhooks.id, secret: webhooks.secret, previousSecret: webhooks.previousSecret })
      .from(webhooks)
      .where(or(not(like(webhooks.secret, 'v1.%')), not(like(webhooks.previousSecret, 'v1.%'))))
  },

  /**
   * Stores sealed secrets in place of plain ones; a row whose secret changed meanwhile (a rotation on another
   * instance) is left as that change wrote it.
   */
  async resealSecrets(
    ex: Executor,
    id: string,
    values: { secret: string; previousSecret: string | null; plainSecret: string },
  ): Promise<void> {
    await ex
      .update(webhooks)
      .set({ secret: values.secret, previousSecret: values.previousSecret })
      .where(and(eq(webhooks.id, id), eq(webhooks.secret, values.plainSecret)))
  },

  async insert(ex: Executor, scope: HouseholdScope, values: WebhookValues & { secret: string }): Promise<WebhookRow> {
    const [row] = await ex
      .insert(webhooks)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(
    ex: Executor,
    scope: HouseholdScope,
    id: string,
    values: Partial<WebhookValues> &
      Partial<Pick<WebhookRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'disabledReason'>>,
  ): Promise<WebhookRow | null> {
    const [row] = await ex
      .update(webhooks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inHousehold(scope), eq(webhooks.id, id)))
      .returning()
    return row ?? null
  },

  async delete(ex: Executor, scope: HouseholdScope, id: string): Promise<void> {
    await ex.delete(webhooks).where(and(inHousehold(scope), eq(webhooks.id, id)))
  },

  /**
   * Records a message to send. A scheduled one is unique per webhook and local date: null when that day's was already
   * recorded (by another instance, or by an earlier slot after a change of time).
   */
  async insertMessage(
    ex: Executor,
    scope: HouseholdScope,
    values: Pick<MessageRow, 'webhookId' | 'messageId' | 'kind' | 'localDate' | 'body'>,
  ): Promise<MessageRow | null> {
    const [row] = await ex
      .insert(webhookMessages)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .onConflictDoNothing()
      .returning()
    return row ?? null
  },

  async findMessage(ex: Executor, scope: HouseholdScope, id: string): Promise<MessageRow | null> {
    const [row] = await ex
      .select()
      .from(webhookMessages)
      .where(and(messagesInHousehold(scope), eq(webhookMessages.id, id)))
      .limit(1)
    return row ?? null
  },

  async insertDelivery(
    ex: Executor,
    scope: HouseholdScope,
    values: Omit<DeliveryRow, 'id' | 'groupId' | 'householdId' | 'createdAt'>,
  ): Promise<DeliveryRow> {
    const [row] = await ex
      .insert(webhookDeliveries)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async findDelivery(ex: Executor, scope: HouseholdScope, id: string): Promise<DeliveryRow | null> {
    const [row] = await ex
      .select()
      .from(webhookDeliveries)
      .where(and(deliveriesInHousehold(scope), eq(webhookDeliveries.id, id)))
      .limit(1)
    return row ?? null
  },

  pageDeliveries<Item>(
    ex: Executor,
    scope: HouseholdScope,
    webhookId: string,
    query: ListQuery,
    options: ListOptions<Item>,
  ): Promise<Page<Item>> {
    return paginate(ex, webhookDeliveryListSpec, query, {
      ...options,
      scope: and(deliveriesInHousehold(scope), eq(webhookDeliveries.webhookId, webhookId))!,
    })
  },

  async deliveriesByIds(ex: Executor, scope: HouseholdScope, ids: readonly string[]) {
    if (ids.length === 0) return []
    return ex
      .select({ delivery: webhookDeliveries, messageId: webhookMessages.messageId, kind: webhookMessages.kind })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(and(deliveriesInHousehold(scope), inArray(webhookDeliveries.id, [...ids])))
  },
}
