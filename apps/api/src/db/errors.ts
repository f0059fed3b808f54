import postgres from 'postgres'
import { PoolTimeoutError } from './pool-gate.js'

/** The errors inside `error`: Drizzle wraps the driver's error as `cause`, and the driver's may wrap another. */
function* causes(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}

function find<T>(error: unknown, kind: abstract new (...args: never[]) => T): T | null {
  for (const cause of causes(error)) if (cause instanceof kind) return cause
  return null
}

export const postgresErrorOf = (error: unknown) => find(error, postgres.PostgresError)
export const poolTimeoutOf = (error: unknown) => find(error, PoolTimeoutError)

/** The unique index that refused a write (SQLSTATE 23505), or null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  const failure = postgresErrorOf(error)
  return failure?.code === '23505' ? (failure.constraint_name ?? '') : null
}

/**
 * Whether a write was refused by a foreign key (SQLSTATE 23503): a row deleted while something still points at it,
 * or pointed at while it was deleted, when a check before the write raced with another request.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorOf(error)?.code === '23503'
}

/** "insert into users", "select from recipes": which statement failed, from its text, which holds no values. */
function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase()
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(query)?.[1]
  return verb && table ? `${verb} ${table}` : verb
}

/** Where it was thrown, without the first line of the stack, which repeats the message. */
function frames(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined
  return error.stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')
}

/**
 * What may be logged of a failed query: the SQLSTATE, the constraint, table and column, and the statement's name.
 * Never its parameters (password hashes, tokens, people's data), which Drizzle puts in its error message, nor
 * PostgreSQL's message and detail, which quote the offending value ("Key (email)=(…) already exists").
 * Answers null for an error that did not come from the database.
 */
export function loggableDatabaseError(error: unknown): Record<string, unknown> | null {
  const failure = postgresErrorOf(error)
  const query = (error as { query?: unknown } | null)?.query ?? (failure as { query?: unknown } | null)?.query
  if (failure) {
    return {
      message: `PostgreSQL refused a statement with SQLSTATE ${failure.code}`,
      code: failure.code,
      constraint: failure.constraint_name,
      table: failure.table_name,
      column: failure.column_name,
      routine: failure.routine,
      statement: statementName(query),
      stack: frames(error),
    }
  }
  if (error instanceof Error && error.name === 'DrizzleQueryError') {
    // The driver failed before PostgreSQL answered (closed connection, pool timeout): its message holds no values.
    const cause = (error as { cause?: unknown }).cause
    return {
      message: cause instanceof Error ? `${cause.name}: ${cause.message}` : 'a query failed',
      code: (cause as { code?: unknown } | null)?.code,
      statement: statementName(query),
      stack: frames(error),
    }
  }
  return null
}
