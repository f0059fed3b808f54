import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { drizzle, type PostgresJsDatabase, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { gatePool } from './pool-gate.js'
import * as schema from './schema/index.js'

export type SqlClient = postgres.Sql
/** The pool through Drizzle; `$client` is its postgres.js client (gated, see pool-gate.ts), for LISTEN. */
export type Database = PostgresJsDatabase<typeof schema> & { $client: SqlClient }

/**
 * Where a repo function runs its SQL: the pool, or the transaction (or savepoint) its caller is inside. Repo functions
 * take it as their first parameter so that code inside a transaction only ever uses that transaction: a second
 * connection taken inside one waits for a pool that the open transactions themselves hold, and the server freezes.
 */
export type Executor = PgDatabase<PostgresJsQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>

export interface DatabaseConnection {
  db: Database
  sql: SqlClient
  close(): Promise<void>
}

export interface ConnectionLimits {
  /** Connections in the pool. */
  maxConnections?: number
  /** How long a query or transaction may wait for a free connection before it fails. */
  acquireTimeoutSeconds?: number
  /** PostgreSQL cancels a statement running longer than this. */
  statementTimeoutSeconds?: number
  /** PostgreSQL ends a session left idle inside an open transaction for longer than this. */
  idleInTransactionTimeoutSeconds?: number
}

export const defaultConnectionLimits = {
  maxConnections: 10,
  acquireTimeoutSeconds: 10,
  statementTimeoutSeconds: 60,
  idleInTransactionTimeoutSeconds: 60,
} as const satisfies Required<ConnectionLimits>

/** The pool's limits as the operator configured them (docs/configuration.md). */
export function connectionLimitsOf(config: {
  DATABASE_POOL_SIZE: number
  DATABASE_ACQUIRE_TIMEOUT: number
  DATABASE_STATEMENT_TIMEOUT: number
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: number
}): Required<ConnectionLimits> {
  return {
    maxConnections: config.DATABASE_POOL_SIZE,
    acquireTimeoutSeconds: config.DATABASE_ACQUIRE_TIMEOUT,
    statementTimeoutSeconds: config.DATABASE_STATEMENT_TIMEOUT,
    idleInTransactionTimeoutSeconds: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
  }
}

const milliseconds = (seconds: number) => Math.round(seconds * 1000)

export function connectDatabase(url: string, limits: ConnectionLimits = {}): DatabaseConnection {
  const settings = { ...defaultConnectionLimits, ...limits }
  const sql = postgres(url, {
    max: settings.maxConnections,
    idle_timeout: 60,
    onnotice: () => {},
    // Sent in the start-up message, so every connection of the pool has them from its first statement on: no bug
    // of ours can hold a connection (and its locks) forever.
    connection: {
      application_name: 'larder',
      statement_timeout: milliseconds(settings.statementTimeoutSeconds),
      idle_in_transaction_session_timeout: milliseconds(settings.idleInTransactionTimeoutSeconds),
      // Recipe search's typo tolerance (`%>`): pg_trgm's default of 0.6 misses one dropped letter in a short word
      // ("chiken" for chicken, "masla" for masala score 0.5); 0.45 keeps them while unrelated words stay below 0.3.
      'pg_trgm.word_similarity_threshold': 0.45,
      // No parallel workers: Larder answers many small requests at once on a machine of two cores or so, where a
      // worker's start costs more than it saves, and each worker builds the statement's hashed sub-plans again. The
      // count of `rating >= 4` at 100k recipes (the caller's ratings hashed twice, per process) took 726 ms with
      // two workers and 72 ms without, on the same loaded machine. A string: postgres.js leaves out falsy values.
      max_parallel_workers_per_gather: '0',
    },
  })
  const gated = gatePool(sql, {
    connections: settings.maxConnections,
    acquireTimeoutMs: settings.acquireTimeoutSeconds * 1000,
  })
  const db = drizzle({ client: gated, schema })
  return { db, sql, close: () => sql.end({ timeout: 5 }) }
}
