import { fillPlaceholders, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Executor } from './client.js'

// Named prepared statements for the hottest, fixed-text statements: query-builder statements through
// `preparedPerExecutor`, raw SQL texts through `executePrepared`. Both end as one postgres.js prepared statement.

/**
 * A statement for the hottest paths, built once per executor instead of on every call. Drizzle renders a select's
 * SQL anew each time it runs (for the caller's lookup, a fifth of an authenticated read's CPU), and postgres.js
 * sends an unprepared statement with parameters in two round trips (describe, then execute), a prepared one in one.
 * `build` writes the statement with `sql.placeholder(name)` for every value and ends with `.prepare(name)`;
 * call `.execute({ name: value })` on what this returns.
 */
export function preparedPerExecutor<Statement>(build: (ex: Executor) => Statement): (ex: Executor) => Statement {
  const built = new WeakMap<Executor, Statement>()
  return (ex) => {
    let statement = built.get(ex)
    if (!statement) {
      statement = build(ex)
      built.set(ex, statement)
    }
    return statement
  }
}

const dialect = new PgDialect()

/**
 * Runs a statement whose text is the same on every call (only its parameters change) as a named prepared statement
 * of postgres.js: parsed and planned once per connection instead of on every call, and sent in one round trip where
 * an unnamed statement with parameters takes two (postgres.js asks for its parameter types first). Only for fixed
 * texts: each distinct text stays prepared on every connection for the connection's life, so a text that varies
 * with the request (a list's filters) would pile up. `values` fill the statement's `sql.placeholder(name)`s, if any.
 */
export function executePrepared<Row>(ex: Executor, query: SQL, values?: Record<string, unknown>): Promise<Row[]> {
  return ex._.session
    .prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
      dialect.sqlToQuery(query),
      undefined,
      'fixed',
      false,
    )
    .execute(values)
}

interface PostgresJsSession {
  client: { unsafe(query: string, params: unknown[], options: { prepare: boolean }): { raw(): Promise<unknown[]> } }
  logger: { logQuery(query: string, params: unknown[]): void }
}

/**
 * Runs a statement written once with `sql.placeholder(name)` for its values, as `executePrepared` does, its text
 * rendered once here and not on every call (for a long statement, rendering it cost more Node CPU than PostgreSQL spent
 * running it). Each row is an array of its columns' bytes as PostgreSQL sent them (postgres.js's `.raw()`: a Buffer
 * per column, null for NULL), neither decoded from UTF-8 nor parsed: for JSON text sent on as it is (PreserializedJson).
 */
export function preparedRawStatement(
  query: SQL,
): (ex: Executor, values: Record<string, unknown>) => Promise<Array<Array<Buffer | null>>> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return (ex, values) => runRaw(ex, text, fillPlaceholders(params, values))
}

function runRaw(ex: Executor, text: string, params: unknown[]): Promise<Array<Array<Buffer | null>>> {
  // Drizzle's postgres.js session: its client is the pool (gated, pool-gate.ts) or the transaction's connection.
  const session = ex._.session as unknown as PostgresJsSession
  session.logger.logQuery(text, params)
  return session.client.unsafe(text, params, { prepare: true }).raw() as Promise<Array<Array<Buffer | null>>>
}
