import type { Executor } from './client.js'

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
