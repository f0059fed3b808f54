import type { Executor } from '../db/client.js'
import { uniqueViolationOf } from '../db/errors.js'

/**
 * Inserts under the first free name among "name", "name (1)", "name (2)" … as Mealie numbers clashing groups and
 * households. The unique indexes decide, not a look before the insert (two requests would both see the name free):
 * each try runs in a savepoint of the caller's transaction, and a violation of one of `constraints` undoes only that
 * try and moves on to the next name. Answers null after `attempts` renames, so a crowded name becomes a clear
 * conflict instead of a loop; any other error goes up unchanged.
 */
export async function insertUnderFreeName<Row>(
  executor: Executor,
  name: string,
  constraints: readonly string[],
  insert: (savepoint: Executor, candidate: string) => Promise<Row>,
  attempts = 10,
): Promise<Row | null> {
  for (let attempt = 0; attempt <= attempts; attempt += 1) {
    const candidate = attempt === 0 ? name : `${name} (${attempt})`
    try {
      return await executor.transaction((savepoint) => insert(savepoint, candidate))
    } catch (error) {
      const constraint = uniqueViolationOf(error)
      if (constraint === null || !constraints.includes(constraint)) throw error
    }
  }
  return null
}
