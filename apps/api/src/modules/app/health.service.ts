import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ReadinessStatus } from '@larder/contracts'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'

/** A readiness probe answers within this even when the pool or the server hangs. */
const readinessTimeoutMs = 3_000

/** The newest migration this build ships, as drizzle's migrator records it (the journal's `when`). */
function newestMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

function withTimeout<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export function createHealthService(deps: { db: Database; migrationsFolder: string }) {
  const { db } = deps
  const newestMigration = newestMigrationMillis(deps.migrationsFolder)

  return {
    /** Database reachable and every migration of this build applied (drizzle records each in its own table). */
    async readiness(): Promise<ReadinessStatus> {
      try {
        const rows = await withTimeout(
          db.execute<{ applied: string | null }>(
            sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
          ),
          readinessTimeoutMs,
        )
        const applied = Number(rows[0]?.applied ?? 0)
        const migrations = applied >= newestMigration ? 'current' : 'pending'
        return { status: migrations === 'current' ? 'ok' : 'unavailable', database: 'ok', migrations }
      } catch (error) {
        // No migrations table yet: the database answers, but nothing is migrated.
        if ((error as { code?: string }).code === '42P01') {
          return { status: 'unavailable', database: 'ok', migrations: 'pending' }
        }
        return { status: 'unavailable', database: 'unreachable', migrations: 'unknown' }
      }
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
