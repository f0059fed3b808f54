import type { FastifyInstance, onSendHookHandler } from 'fastify'
import type { SqlClient } from '../db/client.js'
import { hashToken } from '../lib/token-hash.js'
import type { Caller, CallerLoader } from './authentication.js'

/** Notified by migration 0011's triggers when a user, a session's revocation or an API token changes. */
export const callersChangedChannel = 'larder_callers'

export interface CallerCacheOptions {
  /** How long a caller is remembered at most: all that a notification lost with a broken connection can cost. */
  lifetimeMs: number
  /** The oldest entry makes room beyond this many. */
  maxEntries: number
  now?: () => number
}

/**
 * The callers behind the tokens this instance has just checked. Each authenticated request used to look its caller
 * up in a statement of its own: beside a single recipe's one statement, a second round trip to PostgreSQL that cost
 * a quarter of the instance's throughput (bench/recipe-reads, 8 connections: 0.74 of the floor's requests per second
 * with the lookup, 0.93 without). A remembered caller is forgotten, all of them at once, as soon as anything a caller
 * is made of may have changed (keepCallersFresh), and after `lifetimeMs` in any case. Refusals are never remembered:
 * a token that failed is looked up again on its next request.
 */
export function createCallerCache(options: CallerCacheOptions) {
  const now = options.now ?? Date.now
  const entries = new Map<string, { caller: Caller; until: number }>()
  /** Bumped by every forget(): a lookup that started before must not store what it read. */
  let generation = 0
  /** Only while changes are being notified; until then every request looks its caller up. */
  let remembering = false

  function forget(): void {
    generation += 1
    entries.clear()
  }

  return {
    forget,
    isRemembering: () => remembering,
    /** From now on (again, after a lost connection whose notifications are gone): nothing read before counts. */
    startRemembering(): void {
      forget()
      remembering = true
    },
    stopRemembering(): void {
      remembering = false
      forget()
    },
    /** `load` behind the cache: the caller remembered for the same token and carrier, else the one `load` finds. */
    remembering(load: CallerLoader): CallerLoader {
      return async (verified, carrier) => {
        const key = `${carrier} ${hashToken(verified.token)}`
        const known = entries.get(key)
        if (known && known.until > now()) return known.caller
        const startedIn = generation
        const startedAt = now()
        const found = await load(verified, carrier)
        if (!found) return null
        // Shared by every request with this token from now on: no handler may change it for the others.
        const caller = Object.freeze({ ...found, session: found.session && Object.freeze({ ...found.session }) })
        if (remembering && startedIn === generation) {
          entries.delete(key)
          if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string)
          entries.set(key, { caller, until: startedAt + options.lifetimeMs })
        }
        return caller
      }
    },
  }
}

export type CallerCache = ReturnType<typeof createCallerCache>

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Forgets the remembered callers whenever one may have changed:
 * - PostgreSQL notifies `larder_callers` when a change commits, whichever instance or tool made it;
 * - this instance's own writes (sign-out, a password or a member's flags changed) forget before they answer: their
 *   notification comes back a moment later, and the client's next request can be quicker than that;
 * - the listen (re)starting: notifications sent while its connection was down are lost.
 */
export function keepCallersFresh(
  app: FastifyInstance,
  cache: CallerCache,
  sql: SqlClient,
  log: (message: string, error?: unknown) => void,
): void {
  // On the routes that write only, so that reads pay nothing for it; registered before any route is.
  const forgetBeforeAnswering: onSendHookHandler = (_request, _reply, payload, done) => {
    cache.forget()
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => readOnlyMethods.has(method))) return
    route.onSend = [forgetBeforeAnswering, ...[route.onSend ?? []].flat()]
  })
  let listening: Promise<{ unlisten: () => Promise<void> } | null> = Promise.resolve(null)
  app.addHook('onReady', () => {
    // Not awaited: a database that is down must not hold the start-up back. Until the listen stands (postgres.js
    // renews it after a lost connection, and calls onlisten again), nothing is remembered.
    listening = sql
      .listen(
        callersChangedChannel,
        () => cache.forget(),
        () => cache.startRemembering(),
      )
      .catch((error: unknown) => {
        log('Cannot listen for changes of users and sessions: every request looks its caller up', error)
        return null
      })
    return Promise.resolve()
  })
  app.addHook('onClose', (_instance, done) => {
    cache.stopRemembering()
    // Not awaited either: closing the pool ends the listening connection anyway.
    void listening.then((listen) => listen?.unlisten()).catch(() => undefined)
    done()
  })
}
