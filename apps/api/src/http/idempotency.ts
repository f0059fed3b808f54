import { createHash, randomUUID } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client.js'
import { idempotencyKeys } from '../db/schema/index.js'
import { defineJob } from '../jobs/job-definition.js'
import type { JobRunner } from '../jobs/job-runner.js'
import { badRequest, conflict, HttpError } from './errors.js'
import { requireXsrf } from './register-endpoint.js'

/**
 * The path prefixes whose writes honour an `Idempotency-Key` (issue #32: every write of household lists and plans,
 * whoever sends it). A new area joins by adding its prefix here.
 */
export const idempotentPathPrefixes: readonly string[] = ['/api/households/shopping', '/api/households/mealplans']

export const idempotencyKeyHeader = 'idempotency-key'
/** Set on an answer that was stored for an earlier request with the same key, not made again. */
export const replayedHeader = 'idempotent-replayed'
export const maximumKeyLength = 255

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const hourMs = 60 * 60 * 1000

export interface IdempotencyOptions {
  db: Database
  /** How long a repeated request waits for the first one with its key to answer (default 10 s), then 409. */
  waitMs?: number
  /** A claim without an answer for this long belongs to a request whose instance died: it is taken over (60 s). */
  abandonedAfterMs?: number
  /** How long a key is remembered (24 h); the hourly pruning job deletes older ones. */
  keptForMs?: number
}

interface Claim {
  userId: string
  key: string
  claimId: string
}

/** Whether `request` is a write under one of the prefixes (the prefix itself or a path below it). */
export function isIdempotentWrite(method: string, url: string): boolean {
  if (!writeMethods.has(method)) return false
  const path = url.split('?', 1)[0]!
  return idempotentPathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** JSON with object keys in one order, so that the same body sent with its keys reordered is the same request. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item) || 'null').join(',')}]`
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? ''
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`)
    .digest('base64url')
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[idempotencyKeyHeader]
  if (header === undefined) return undefined
  if (Array.isArray(header)) throw badRequest('Send one Idempotency-Key header, not several')
  if (header.length === 0 || header.length > maximumKeyLength)
    throw badRequest(`The Idempotency-Key header must be 1 to ${maximumKeyLength} characters long`)
  return header
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Honours `Idempotency-Key` on the writes of `idempotentPathPrefixes` (docs/api.md): a repeated key of the same user
 * answers the first answer again (with `Idempotent-Replayed: true`) without running the handler; the same key with
 * another method, path or body answers 422. The claim lives in the database, so duplicates sent to other instances
 * wait for the first one too. It is taken in one short statement before the handler runs and the answer is stored in
 * another after: no connection is held while the handler runs its own transaction (a pool of one works).
 */
export function installIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db } = options
  const waitMs = options.waitMs ?? 10_000
  const abandonedAfterMs = options.abandonedAfterMs ?? 60_000
  const keptForMs = options.keptForMs ?? 24 * hourMs
  const claims = new WeakMap<FastifyRequest, Claim>()

  /** One statement: a new key, a key whose claim was abandoned with the same request, or a forgotten key. */
  async function tryClaim(userId: string, key: string, fingerprint: string): Promise<Claim | null> {
    const claimId = randomUUID()
    const abandoned = sql`${idempotencyKeys.statusCode} is null
      and ${idempotencyKeys.fingerprint} = ${fingerprint}
      and ${idempotencyKeys.claimedAt} < now() - make_interval(secs => ${abandonedAfterMs / 1000})`
    const forgotten = sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${keptForMs / 1000})`
    const rows = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, claimId })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          fingerprint,
          claimId,
          claimedAt: sql`now()`,
          createdAt: sql`now()`,
          statusCode: null,
          contentType: null,
          body: null,
        },
        setWhere: sql`(${abandoned}) or (${forgotten})`,
      })
      .returning({ claimId: idempotencyKeys.claimId })
    return rows[0]?.claimId === claimId ? { userId, key, claimId } : null
  }

  async function storedFor(userId: string, key: string) {
    const [row] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        statusCode: idempotencyKeys.statusCode,
        contentType: idempotencyKeys.contentType,
        body: idempotencyKeys.body,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    return row
  }

  function replay(
    reply: FastifyReply,
    stored: { statusCode: number; contentType: string | null; body: string | null },
  ) {
    reply.code(stored.statusCode).header(replayedHeader, 'true')
    if (stored.contentType) reply.header('content-type', stored.contentType)
    return reply.send(stored.body ?? undefined)
  }

  app.addHook('preHandler', async (request, reply) => {
    if (!isIdempotentWrite(request.method, request.url)) return
    const key = keyOf(request)
    if (key === undefined) return
    // Without a caller the handler answers 401 itself; keys are kept per user.
    const caller = await request.optionalCaller()
    if (!caller) return
    // A forged cookie-carried write must neither see a stored answer nor claim the key of a real one.
    requireXsrf(request, caller)
    const fingerprint = fingerprintOf(request)
    const deadline = Date.now() + waitMs
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const claim = await tryClaim(caller.userId, key, fingerprint)
      if (claim) {
        claims.set(request, claim)
        return
      }
      const stored = await storedFor(caller.userId, key)
      // Gone between the two statements (the first request failed with a 5xx and released it): claim again.
      if (!stored) continue
      if (stored.fingerprint !== fingerprint)
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different request (another method, path or body): ' +
            'make a new key for a new request',
        )
      if (stored.statusCode !== null) return replay(reply, { ...stored, statusCode: stored.statusCode })
      if (Date.now() >= deadline)
        throw conflict('A request with this Idempotency-Key is still being answered: try again in a moment')
      await pause(Math.min(delay, Math.max(deadline - Date.now(), 0)))
    }
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request)
    if (!claim) return payload
    claims.delete(request)
    const owned = and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      eq(idempotencyKeys.claimId, claim.claimId),
    )
    const storable = payload == null || typeof payload === 'string' || Buffer.isBuffer(payload)
    try {
      if (reply.statusCode >= 500 || !storable) {
        // A failure of ours, not an answer: the next try with this key runs the handler again.
        await db.delete(idempotencyKeys).where(owned)
      } else {
        const contentType = reply.getHeader('content-type')
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: reply.statusCode,
            contentType: contentType === undefined ? null : String(contentType),
            body: payload == null ? null : payload.toString(),
          })
          .where(owned)
      }
    } catch (error) {
      // The answer still goes out; the claim stays until it is taken over as abandoned.
      request.log.error({ err: error }, 'could not record the answer to an idempotent request')
    }
    return payload
  })
}

/** Deletes the keys older than `before`. */
export async function pruneIdempotencyKeysBefore(db: Database, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
}

const pruneIdempotencyKeys = defineJob({ kind: 'idempotency.prune', payload: z.object({}), maxAttempts: 1 })

/** Forgets idempotency keys older than a day: hourly, on any one instance (as events/pruning.ts does the outbox). */
export function scheduleIdempotencyKeyPruning(deps: { jobs: JobRunner; db: Database; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  deps.jobs.handle(pruneIdempotencyKeys, () =>
    pruneIdempotencyKeysBefore(deps.db, new Date(now().getTime() - 24 * hourMs)),
  )
  deps.jobs.schedule({
    name: pruneIdempotencyKeys.kind,
    job: pruneIdempotencyKeys,
    targets: () => [{ key: '', cadence: { everyMinutes: 60 }, payload: {} }],
  })
}
