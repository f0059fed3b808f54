import type { FastifyInstance, onSendHookHandler } from 'fastify'
import type { NotificationHub } from '../events/notification-hub.js'
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
 * The routes whose writes may change what a caller is made of: accounts, sign-in and sign-out, API tokens, a member's
 * permissions, and the administrators' changes to users, groups and households (whose deletes take users along).
 * Other writes (a recipe saved, a shopping list's tick-offs) leave the remembered callers alone.
 */
const callerChangingPaths = [
  '/api/users',
  '/api/auth',
  '/api/admin/users',
  '/api/admin/groups',
  '/api/admin/households',
  '/api/households/permissions',
]

export const mayChangeCallers = (method: string | string[], url: string) =>
  ![method].flat().every((each) => readOnlyMethods.has(each)) &&
  callerChangingPaths.some((path) => url === path || url.startsWith(`${path}/`))

/**
 * Forgets the remembered callers whenever one may have changed:
 * - PostgreSQL notifies `larder_callers` when a change commits, whichever instance or tool made it (heard through the
 *   instance's notification hub);
 * - this instance's own writes to accounts, sessions and tokens (sign-out, a password or a member's flags changed)
 *   forget before they answer: their notification comes back a moment later, and the client's next request can be
 *   quicker than that;
 * - the listen (re)starting: notifications sent while its connection was down are lost.
 */
export function keepCallersFresh(app: FastifyInstance, cache: CallerCache, hub: NotificationHub): void {
  // On the routes that may change a caller only, so that other writes and all reads pay nothing for it; registered
  // before any route is.
  const forgetBeforeAnswering: onSendHookHandler = (_request, _reply, payload, done) => {
    cache.forget()
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if (!mayChangeCallers(route.method, route.url)) return
    route.onSend = [forgetBeforeAnswering, ...[route.onSend ?? []].flat()]
  })
  // Until the listen stands (the hub renews it after a lost connection, and calls this again), nothing is remembered.
  hub.onChannel(
    callersChangedChannel,
    () => cache.forget(),
    () => cache.startRemembering(),
  )
  app.addHook('onClose', (_instance, done) => {
    cache.stopRemembering()
    done()
  })
}
