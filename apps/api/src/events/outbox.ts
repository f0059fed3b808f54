import { eventCatalogue, type EventType, type PublishedEvent } from '@larder/contracts'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { events, eventVersions } from '../db/schema/index.js'

/** Whose change an event records: the group it belongs to, the household acting, the user who made it. */
export interface EventOrigin {
  readonly groupId: string
  /** Null where no household acts: an administrator's change of a group. */
  readonly householdId: string | null
  readonly userId: string | null
}

/**
 * The origin of a change made through the admin area's "any group" services, which act for no household of the
 * group and are not handed the administrator: the group (and household) changed, no actor.
 */
export const administrationOrigin = (groupId: string, householdId: string | null = null): EventOrigin => ({
  groupId,
  householdId,
  userId: null,
})

/**
 * One event to publish. `householdId` is the household the changed row belongs to when it is not the actor's (a
 * recipe of another household); events of group-wide data (tags, foods) belong to no household.
 */
export type EventToPublish = PublishedEvent & { householdId?: string }

/** An event as the outbox holds it. */
export interface StoredEvent {
  groupId: string
  version: number
  householdId: string | null
  householdOnly: boolean
  actorId: string | null
  type: EventType
  document: Record<string, unknown>
  createdAt: Date
}

/**
 * The one way a change is announced (docs/events.md): its events are written in `tx`, the transaction of the change,
 * so they commit or roll back with it, each with the group's next version. Call it last in the transaction, after
 * the change's own writes: it holds the group's version row until the commit, and every other publisher of the group
 * waits for it there. The events' trigger wakes every instance's notification hub once they commit.
 */
export async function publish(tx: Executor, origin: EventOrigin, ...toPublish: EventToPublish[]): Promise<void> {
  if (toPublish.length === 0) return
  const batch = toPublish.map((event) => {
    const definition = eventCatalogue[event.type]
    // A service's document with a missing or mistyped id fails its own transaction, not a subscriber later.
    const document = definition.document.parse(event.document)
    const householdOnly = definition.audience === 'household'
    if (householdOnly && !(event.householdId ?? origin.householdId)) {
      throw new Error(`A ${event.type} event needs the household it belongs to`)
    }
    return {
      type: event.type,
      document,
      householdOnly,
      householdId: event.householdId ?? (householdOnly ? origin.householdId : null),
    }
  })
  const count = batch.length
  await tx.execute(sql`
    with next as (
      insert into ${eventVersions} as counter (group_id, version) values (${origin.groupId}, ${count})
      on conflict (group_id) do update set version = counter.version + ${count}
      returning version
    )
    insert into ${events} (group_id, version, household_id, household_only, actor_id, type, document)
    select ${origin.groupId}, next.version - ${count} + item.position, (item.value->>'householdId')::uuid,
      (item.value->>'householdOnly')::boolean, ${origin.userId}::uuid, item.value->>'type', item.value->'document'
    from next, jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as item(value, position)`)
}

/** The group's events after `afterVersion`, oldest first, at most `limit`. */
export async function eventsAfter(
  ex: Executor,
  groupId: string,
  afterVersion: number,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await ex
    .select()
    .from(events)
    .where(and(eq(events.groupId, groupId), gt(events.version, afterVersion)))
    .orderBy(asc(events.version))
    .limit(limit)
  return rows as StoredEvent[]
}

/** The last version of each group asked (0 for a group that has published nothing yet). */
export async function latestVersions(ex: Executor, groupIds: readonly string[]): Promise<Map<string, number>> {
  const latest = new Map(groupIds.map((groupId) => [groupId, 0]))
  if (groupIds.length === 0) return latest
  const rows = await ex
    .select()
    .from(eventVersions)
    .where(inArray(eventVersions.groupId, [...groupIds]))
  for (const row of rows) latest.set(row.groupId, row.version)
  return latest
}

/** The oldest version the outbox still holds for the group (pruning removes older ones), or null when it holds none. */
export async function oldestVersion(ex: Executor, groupId: string): Promise<number | null> {
  const [row] = await ex
    .select({ version: sql<string | null>`min(${events.version})` })
    .from(events)
    .where(eq(events.groupId, groupId))
  return row?.version == null ? null : Number(row.version)
}

/**
 * Removes the events older than `before`, a batch at a time so that no delete holds many rows at once; the groups'
 * versions (event_versions) stay, so versions never repeat. Answers how many went.
 */
export async function pruneEventsBefore(ex: Executor, before: Date, batchSize = 5000): Promise<number> {
  let removed = 0
  for (;;) {
    const rows = await ex.execute(sql`
      delete from events where (group_id, version) in (
        select group_id, version from events where created_at < ${before.toISOString()} limit ${batchSize})
      returning 1`)
    removed += rows.length
    if (rows.length < batchSize) return removed
  }
}
