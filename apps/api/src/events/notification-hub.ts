import type { Database, SqlClient } from '../db/client.js'
import { eventsAfter, latestVersions, type StoredEvent } from './outbox.js'

/** Notified by the events' trigger (migration 0015) with `<groupId>:<version>` when events of a group commit. */
export const eventsChannel = 'larder_events'

export interface NotificationHubOptions {
  db: Database
  /** The postgres.js client: its one listening connection carries every channel. */
  sql: SqlClient
  log: (message: string, error?: unknown) => void
  /**
   * How often the groups with subscribers are checked against the outbox whatever was notified: the longest a change
   * can wait when a notification was lost without the listen noticing (a connection that died silently).
   */
  catchUpIntervalMs?: number
  /** A subscriber further behind than this many events is told to reset rather than sent them all. */
  maximumReplay?: number
}

/** One subscriber of a group's events, in version order, each once. */
export type EventListener = (events: readonly StoredEvent[]) => void

export type Subscription =
  | { reset: false; unsubscribe: () => void }
  /** The version asked for is too old to replay (or unknown here): the subscriber must start again from the top. */
  | { reset: true; version: number; unsubscribe: () => void }

interface TrackedGroup {
  /** The last version delivered to this group's listeners. */
  version: number
  listeners: Set<EventListener>
  /** Whether a read of the outbox is under way, and whether another was asked for meanwhile. */
  reading: boolean
  readAgain: boolean
}

const readBatch = 500

/**
 * The instance's one listener to PostgreSQL (docs/events.md): a single LISTEN connection for every channel, and the
 * instance's subscribers to groups' events. A notification is only a wake-up: the hub reads the group's events from
 * the outbox by version, once per instance whatever the number of subscribers, and hands each subscriber the events
 * after the last it has. When the listen is lost and renewed, and every `catchUpIntervalMs` in any case, it reads
 * every subscribed group again: nothing relies on a notification having arrived.
 */
export function createNotificationHub(options: NotificationHubOptions) {
  const { db, sql, log } = options
  const maximumReplay = options.maximumReplay ?? 1000
  const groups = new Map<string, TrackedGroup>()
  /** Groups being looked up for their first subscriber: later subscribers wait for the same lookup. */
  const tracking = new Map<string, Promise<TrackedGroup>>()
  const channels = new Map<string, { notify: Set<(payload: string) => void>; listen: Set<() => void> }>()
  const listens: Array<Promise<{ unlisten: () => Promise<void> } | null>> = []
  let started = false
  let timer: NodeJS.Timeout | undefined

  async function readGroup(groupId: string, group: TrackedGroup): Promise<void> {
    if (group.reading) {
      group.readAgain = true
      return
    }
    group.reading = true
    try {
      for (;;) {
        group.readAgain = false
        const found = await eventsAfter(db, groupId, group.version, readBatch)
        if (found.length > 0) {
          group.version = found.at(-1)!.version
          for (const listener of group.listeners) listener(found)
        }
        if (!group.readAgain && found.length < readBatch) break
      }
    } catch (error) {
      log('Cannot read the outbox; the next notification or check reads it again', error)
    } finally {
      group.reading = false
    }
  }

  /** Every subscribed group checked against its last version, in one query; those behind read their events. */
  async function catchUpAll(): Promise<void> {
    if (groups.size === 0) return
    try {
      const latest = await latestVersions(db, [...groups.keys()])
      for (const [groupId, version] of latest) {
        const group = groups.get(groupId)
        if (group && version > group.version) await readGroup(groupId, group)
      }
    } catch (error) {
      log('Cannot check the outbox for missed events', error)
    }
  }

  function onEventsNotified(payload: string): void {
    const [groupId, version] = payload.split(':')
    const group = groupId ? groups.get(groupId) : undefined
    if (group && Number(version) > group.version) void readGroup(groupId!, group)
  }

  function listenTo(channel: string): void {
    const handlers = channels.get(channel)!
    listens.push(
      sql
        .listen(
          channel,
          (payload) => handlers.notify.forEach((notify) => notify(payload)),
          // Called on each (re)start of the listen: what was notified while it was down is lost.
          () => handlers.listen.forEach((listen) => listen()),
        )
        .catch((error: unknown) => {
          log(`Cannot listen on ${channel}: changes reach this instance only by its periodic check`, error)
          return null
        }),
    )
  }

  async function track(groupId: string): Promise<TrackedGroup> {
    const known = groups.get(groupId)
    if (known) return known
    let pending = tracking.get(groupId)
    if (!pending) {
      pending = latestVersions(db, [groupId]).then((latest) => {
        const group = groups.get(groupId) ?? {
          version: latest.get(groupId) ?? 0,
          listeners: new Set<EventListener>(),
          reading: false,
          readAgain: false,
        }
        groups.set(groupId, group)
        return group
      })
      tracking.set(groupId, pending)
      void pending.finally(() => tracking.delete(groupId)).catch(() => undefined)
    }
    return pending
  }

  const hub = {
    /**
     * Hears a channel on the instance's listening connection: `notify` per notification, `onListen` each time the
     * listen starts or is renewed after a lost connection (whatever was notified meanwhile is gone).
     */
    onChannel(channel: string, notify: (payload: string) => void, onListen?: () => void): void {
      let handlers = channels.get(channel)
      const isNew = !handlers
      handlers ??= { notify: new Set(), listen: new Set() }
      channels.set(channel, handlers)
      handlers.notify.add(notify)
      if (onListen) handlers.listen.add(onListen)
      if (isNew && started) listenTo(channel)
    },

    /**
     * The group's events after `afterVersion` (all those to come, when null) to `listener`, in order and each once,
     * the ones already in the outbox first. A version older than the replay allows, or newer than the group's last,
     * answers `reset` with the group's last version, from which the listener then hears everything.
     */
    async subscribe(groupId: string, afterVersion: number | null, listener: EventListener): Promise<Subscription> {
      const group = await track(groupId)
      const current = group.version
      /** The last version this listener has: each event reaches it once, whichever way it came. */
      let seen = afterVersion ?? current
      const deliver = (events: readonly StoredEvent[]) => {
        const fresh = events.filter((event) => event.version > seen)
        if (fresh.length === 0) return
        seen = fresh.at(-1)!.version
        listener(fresh)
      }
      // Until the replay is handed over, what the group delivers waits here: it is all newer than `current`.
      let waiting: StoredEvent[] | null = []
      const wrapped: EventListener = (events) => {
        if (waiting) waiting.push(...events)
        else deliver(events)
      }
      group.listeners.add(wrapped)
      const unsubscribe = () => {
        group.listeners.delete(wrapped)
        if (group.listeners.size === 0 && groups.get(groupId) === group) groups.delete(groupId)
      }
      const release = () => {
        const held = waiting!
        waiting = null
        deliver(held)
      }
      const reset = (): Subscription => {
        seen = current
        release()
        return { reset: true, version: current, unsubscribe }
      }
      try {
        if (seen > current) {
          // Heard from another instance before this one read it, or from another database altogether.
          if (seen > ((await latestVersions(db, [groupId])).get(groupId) ?? 0)) return reset()
        } else if (current - seen > maximumReplay) {
          return reset()
        } else if (current > seen) {
          const replay = await eventsAfter(db, groupId, seen, current - seen)
          // Pruned events leave the replay short of its start: too old to replay.
          if (replay[0]?.version !== seen + 1) return reset()
          deliver(replay)
        }
        release()
        return { reset: false, unsubscribe }
      } catch (error) {
        unsubscribe()
        throw error
      }
    },

    /** The group's last version as this instance knows it, or from the outbox when nobody here subscribes to it. */
    async latestVersion(groupId: string): Promise<number> {
      return groups.get(groupId)?.version ?? (await latestVersions(db, [groupId])).get(groupId) ?? 0
    },

    /** Listens on every channel asked for, and checks the outbox from time to time. */
    start(): void {
      if (started) return
      started = true
      for (const channel of channels.keys()) listenTo(channel)
      timer = setInterval(() => void catchUpAll(), options.catchUpIntervalMs ?? 30_000)
      timer.unref()
    },

    async stop(): Promise<void> {
      started = false
      clearInterval(timer)
      const stopping = listens.splice(0)
      await Promise.all(stopping.map((listen) => listen.then((handle) => handle?.unlisten()).catch(() => undefined)))
    },

    /** Reads every subscribed group's missed events now (tests; the periodic check does the same). */
    catchUp: catchUpAll,
  }
  hub.onChannel(eventsChannel, onEventsNotified, () => void catchUpAll())
  return hub
}

export type NotificationHub = ReturnType<typeof createNotificationHub>
