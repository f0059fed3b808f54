import { liveResetEvent } from '@larder/contracts'
import type { NotificationHub } from '../../events/notification-hub.js'
import type { StoredEvent } from '../../events/outbox.js'
import type { Caller } from '../../http/authentication.js'
import { tooManyRequests } from '../../http/errors.js'

/** Where a stream writes: the open response, whatever carries it. */
export interface EventSink {
  /** Writes one frame; false when the client reads slower than it is written to (the frame is still queued). */
  write(frame: string): boolean
  /** Bytes written and not yet taken by the client. */
  queuedBytes(): number
  end(): void
}

export interface LiveLimits {
  streamsPerUser: number
  streamsPerInstance: number
  heartbeatMs: number
  /** A client that leaves this much unread is cut off: it reconnects and resumes from its last id. */
  maximumQueuedBytes: number
  /**
   * A stream ends after about this long (± a fifth, so that streams opened together do not return together), and
   * its client reconnects and resumes: the reconnect is authenticated again, so a session signed out or a member
   * removed stops hearing within this time, and the streams spread again over the instances running.
   */
  maximumLifetimeMs: number
}

/** Whether the caller may hear of this event: the same rule as reading its row (docs/events.md "Audience"). */
export const mayHear = (caller: Caller, event: StoredEvent) =>
  event.groupId === caller.groupId && (!event.householdOnly || event.householdId === caller.householdId)

/** One server-sent event: `id:`, `event:` and one `data:` line of JSON (which holds no line break). */
export const eventFrame = (id: number, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`

export const pokeOf = (event: StoredEvent) => ({ version: event.version, ...event.document })

/**
 * `/api/live` (docs/events.md): each open stream is a subscription of the instance's notification hub to the caller's
 * group, filtered by what the caller may see. Streams are bounded per user and per instance, so that a script opening
 * them in a loop meets a 429 before it meets the instance's memory.
 */
export function createLiveService(deps: { hub: NotificationHub; limits: LiveLimits }) {
  const { hub, limits } = deps
  const openPerUser = new Map<string, number>()
  const open = new Set<() => void>()

  function admit(caller: Caller): () => void {
    const ofUser = openPerUser.get(caller.userId) ?? 0
    if (ofUser >= limits.streamsPerUser) throw tooManyRequests('Too many live streams open for this user: close one')
    if (open.size >= limits.streamsPerInstance) throw tooManyRequests('Too many live streams open: try again later')
    openPerUser.set(caller.userId, ofUser + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (openPerUser.get(caller.userId) ?? 1) - 1
      if (left > 0) openPerUser.set(caller.userId, left)
      else openPerUser.delete(caller.userId)
    }
  }

  return {
    /**
     * Checks the limits (a 429 before anything is written), then `start` opens the response and the stream runs until
     * the client goes (`onClientGone`) or the instance closes. `once`: what there is after the version, then the end.
     */
    async open(
      caller: Caller,
      afterVersion: number | null,
      options: { once: boolean },
      start: () => { sink: EventSink; onClientGone: (listener: () => void) => void },
    ): Promise<void> {
      const release = admit(caller)
      let sink: EventSink | null = null
      let heartbeat: NodeJS.Timeout | undefined
      let lifetime: NodeJS.Timeout | undefined
      let unsubscribe = () => {}
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        clearInterval(heartbeat)
        clearTimeout(lifetime)
        unsubscribe()
        release()
        open.delete(close)
        sink?.end()
      }
      open.add(close)
      const send = (frame: string) => {
        if (closed || !sink) return
        sink.write(frame)
        if (sink.queuedBytes() > limits.maximumQueuedBytes) close()
      }
      // Delivered in version order; events the caller may not hear leave no trace, not even their id.
      const deliver = (events: readonly StoredEvent[]) => {
        const frames = events
          .filter((event) => mayHear(caller, event))
          .map((e) => eventFrame(e.version, e.type, pokeOf(e)))
        if (frames.length > 0) send(frames.join(''))
      }
      try {
        const opened = start()
        sink = opened.sink
        opened.onClientGone(close)
        // Tells EventSource how long to wait before it reconnects, and makes proxies pass the headers on now.
        sink.write('retry: 3000\n: live\n\n')
        const subscription = await hub.subscribe(caller.groupId, afterVersion, deliver)
        unsubscribe = subscription.unsubscribe
        if (closed) return unsubscribe()
        if (subscription.reset)
          send(eventFrame(subscription.version, liveResetEvent, { version: subscription.version }))
        if (options.once) return close()
        heartbeat = setInterval(() => send(': heartbeat\n\n'), limits.heartbeatMs)
        heartbeat.unref()
        lifetime = setTimeout(close, limits.maximumLifetimeMs * (0.8 + Math.random() * 0.4))
        lifetime.unref()
      } catch (error) {
        close()
        throw error
      }
    },

    /** Ends every open stream (the instance is closing): their clients reconnect to another instance and resume. */
    closeAll(): void {
      for (const close of [...open]) close()
    },

    openStreams: () => open.size,
  }
}

export type LiveService = ReturnType<typeof createLiveService>
