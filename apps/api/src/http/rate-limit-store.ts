import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.js'
import { rateLimitWindows } from '../db/schema/index.js'
import { defineJob } from '../jobs/job-definition.js'
import type { JobRunner } from '../jobs/job-runner.js'

type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * @fastify/rate-limit's store kept in PostgreSQL, so that a limit holds across every instance on the database rather
 * than per process (docs/operations.md "Running several instances"). Fixed windows as the in-memory store keeps them:
 * a window of `timeWindow` milliseconds starts at a client's first request, timed by the database's clock (one clock
 * for all instances), and one upsert per request counts it and answers the count and the time left.
 */
export function postgresRateLimitStore(db: Database) {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      /** The route's method and pattern: counters of different routes never mix. */
      private readonly route = '',
    ) {}

    incr(key: string, callback: IncrementCallback, timeWindow: number): void {
      countHit(db, `${this.route} ${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } }) {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {}
      const route = `${Array.isArray(method) ? method.join(',') : method} ${url}`
      return new PostgresRateLimitStore(routeOptions, route.trim())
    }
  }
  return PostgresRateLimitStore
}

/**
 * Counts one hit for `key` and answers the count in its window and the milliseconds the window has left. The first hit
 * after a window ended starts a new one. Concurrent hits on one key queue on its row, so none is lost.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const ended = sql`${rateLimitWindows.expiresAt} <= clock_timestamp()`
  const [row] = await db
    .insert(rateLimitWindows)
    .values({
      key,
      windowStart: sql`clock_timestamp()`,
      expiresAt: sql`clock_timestamp() + make_interval(secs => ${windowMs / 1000})`,
      hits: 1,
    })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
        windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimitWindows.windowStart} end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitWindows.expiresAt} end`,
      },
    })
    .returning({
      hits: rateLimitWindows.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitWindows.expiresAt} - clock_timestamp()) * 1000))::int`,
    })
  return { current: row!.hits, ttl: row!.ttl }
}

/** Deletes the counters whose window has ended: the next request of their client starts a new one anyway. */
export async function deleteEndedWindows(db: Database): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, sql`clock_timestamp()`))
}

const pruneRateLimitWindows = defineJob({ kind: 'rate-limits.prune', payload: z.object({}), maxAttempts: 1 })

/** Deletes the windows that have ended: hourly, on any one instance. */
export function scheduleRateLimitPruning(deps: { jobs: JobRunner; db: Database }) {
  deps.jobs.handle(pruneRateLimitWindows, () => deleteEndedWindows(deps.db))
  deps.jobs.schedule({
    name: pruneRateLimitWindows.kind,
    job: pruneRateLimitWindows,
    targets: () => [{ key: '', cadence: { everyMinutes: 60 }, payload: {} }],
  })
}
