import { z } from 'zod'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unauthorized } from './errors.js'

/** What a handler knows about the caller. Services take it as their scope (docs/architecture.md "Tenancy and row-level access" tenancy). */
export interface Caller {
  userId: string
  groupId: string
  householdId: string
  admin: boolean
  advanced: boolean
  canInvite: boolean
  canManage: boolean
  canManageHousehold: boolean
  canOrganize: boolean
  /** How the request proved who it is; cookie-authenticated writes must also pass the XSRF check. */
  carrier: 'bearer' | 'cookie'
  /** The sign-in session the request came with (its token's hash and end), or null for an API token. */
  session: { id: string; expiresAt: Date } | null
}

/** A caller's rights without how they came (carrier, session), as a background job carries them: its payload's schema. */
export const callerRightsSchema = z.object({
  userId: z.uuid(),
  groupId: z.uuid(),
  householdId: z.uuid(),
  admin: z.boolean(),
  advanced: z.boolean(),
  canInvite: z.boolean(),
  canManage: z.boolean(),
  canManageHousehold: z.boolean(),
  canOrganize: z.boolean(),
}) satisfies z.ZodType<Omit<Caller, 'carrier' | 'session'>>

export interface SessionClaims {
  sub: string
  iat: number
  exp: number
}

/** Long-lived API tokens keep Mealie's claim names so tokens read the same to its tooling. */
export interface ApiTokenClaims {
  long_token: true
  id: string
  name: string
  integration_id: string
}

export type VerifiedToken =
  | { kind: 'session'; claims: SessionClaims; token: string }
  | { kind: 'api-token'; claims: ApiTokenClaims; token: string }

/** Finds the caller for a verified token; returns null when the user no longer exists or the token was revoked. */
export type CallerLoader = (token: VerifiedToken, carrier: Caller['carrier']) => Promise<Caller | null>

export const accessTokenCookie = 'mealie.access_token'
export const xsrfCookie = 'XSRF-TOKEN'
export const xsrfHeader = 'x-xsrf-token'
/** Names the hand-over of an in-process request (withCallerHandedOver); useless without the same credentials. */
const handOverHeader = 'x-larder-hand-over'

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the caller once per request; throws 401 when there is none. */
    requireCaller(): Promise<Caller>
    /** The caller when the request carries valid credentials, else null (for public endpoints). */
    optionalCaller(): Promise<Caller | null>
    /**
     * Runs an in-process request made while answering this one (first paint's `app.inject`) with this request's
     * credentials, and lets it take this request's caller instead of looking the same token up a second time.
     */
    withCallerHandedOver<Result>(run: (headers: Record<string, string>) => Promise<Result>): Promise<Result>
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null
  return token
}

/**
 * Reads the access token from `Authorization: Bearer` or, when that header is absent, from the httpOnly cookie,
 * verifies it and loads the caller lazily (public endpoints never pay for a lookup).
 */
export function installAuthentication(app: FastifyInstance, loadCaller: CallerLoader): void {
  const cache = new WeakMap<FastifyRequest, Promise<Caller | null>>()
  /** Callers being handed over, by a random key, only while their in-process request runs. */
  const handOvers = new Map<string, { token: string | null; caller: Promise<Caller | null> }>()

  const tokenOf = (request: FastifyRequest) => bearerToken(request) ?? request.cookies[accessTokenCookie] ?? null

  /**
   * The caller handed over to this request: only under a key that is live at this moment and with the very token
   * the caller was resolved from, so it is the same check of the same credentials a moment earlier.
   */
  function handedOver(request: FastifyRequest): Promise<Caller | null> | null {
    const key = request.headers[handOverHeader]
    const handOver = typeof key === 'string' ? handOvers.get(key) : undefined
    return handOver && handOver.token === tokenOf(request) ? handOver.caller : null
  }

  async function resolve(request: FastifyRequest): Promise<Caller | null> {
    const headerToken = bearerToken(request)
    const token = tokenOf(request)
    if (!token) return null
    let claims: Partial<SessionClaims & ApiTokenClaims>
    try {
      claims = app.jwt.verify<Partial<SessionClaims & ApiTokenClaims>>(token)
    } catch {
      throw unauthorized()
    }
    let verified: VerifiedToken
    if (claims.long_token === true && typeof claims.id === 'string') {
      verified = { kind: 'api-token', claims: claims as ApiTokenClaims, token }
    } else if (typeof claims.sub === 'string') {
      verified = { kind: 'session', claims: claims as SessionClaims, token }
    } else {
      throw unauthorized()
    }
    const caller = await loadCaller(verified, headerToken ? 'bearer' : 'cookie')
    if (!caller) throw unauthorized()
    return caller
  }

  function cachedCaller(request: FastifyRequest): Promise<Caller | null> {
    let pending = cache.get(request)
    if (!pending) {
      pending = handedOver(request) ?? resolve(request)
      cache.set(request, pending)
    }
    return pending
  }

  // Answers made for a signed-in caller must not be kept by browsers or shared caches (a user's data under a URL
  // that another user may open next). One place: every JSON answer to a request whose credentials were resolved.
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = cache.get(request)
    if (!pending || reply.hasHeader('cache-control')) return done(null, payload)
    const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    if (!isJson) return done(null, payload)
    pending
      .then((caller) => {
        if (caller) reply.header('cache-control', 'no-store')
      })
      .catch(() => undefined)
      .finally(() => done(null, payload))
  })

  app.decorateRequest('optionalCaller', function optionalCaller(this: FastifyRequest) {
    return cachedCaller(this).catch(() => null)
  })
  app.decorateRequest('withCallerHandedOver', async function withCallerHandedOver<
    Result,
  >(this: FastifyRequest, run: (headers: Record<string, string>) => Promise<Result>) {
    const headers: Record<string, string> = {}
    if (this.headers.cookie) headers.cookie = this.headers.cookie
    if (this.headers.authorization) headers.authorization = this.headers.authorization
    const key = randomUUID()
    const caller = cachedCaller(this)
    // A refusal reaches the in-process request, which answers it; here it is not a failure of its own.
    caller.catch(() => undefined)
    handOvers.set(key, { token: tokenOf(this), caller })
    try {
      return await run({ ...headers, [handOverHeader]: key })
    } finally {
      handOvers.delete(key)
    }
  })
  app.decorateRequest('requireCaller', async function requireCaller(this: FastifyRequest) {
    const caller = await cachedCaller(this)
    if (!caller) throw unauthorized()
    return caller
  })
}
