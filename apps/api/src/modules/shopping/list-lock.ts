import type { Executor } from '../../db/client.js'
import { notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import type { UnitService } from '../foods/index.js'
import { linesOf, type ListLines } from './lines.js'
import { shoppingItemRepo as items, shoppingListRepo as lists } from './repo.js'

export const listMissing = () => notFound('Shopping list not found')

/**
 * Every write to a list's lines starts here: it locks the list row for its transaction and loads the live lines into
 * memory (lines.ts), so nobody else changes them until it commits (save-lines.ts writes them back).
 */
export function createListLock(deps: { units: UnitService }) {
  const { units } = deps

  /** The list locked for this transaction, and its live lines. */
  async function openLines(tx: Executor, scope: Scope, listId: string): Promise<ListLines> {
    const list = await lists.findById(tx, scope, listId, { forUpdate: true })
    if (!list) throw listMissing()
    const rows = await items.liveOfLists(tx, [list.id])
    const shares = await items.sharesOf(
      tx,
      rows.map((row) => row.id),
    )
    const unitIds = new Set<string>()
    for (const row of rows) if (row.unitId) unitIds.add(row.unitId)
    for (const share of shares) if (share.unitId) unitIds.add(share.unitId)
    const unitRows = await units.answersByIds(tx, scope, [...unitIds])
    return linesOf(list, rows, shares, new Map(unitRows.map((unit) => [unit.id, unit])))
  }

  /** Locks lists in id order, so that two writes to the same lists wait for each other instead of deadlocking. */
  async function openMany(tx: Executor, scope: Scope, listIds: Iterable<string>): Promise<Map<string, ListLines>> {
    const opened = new Map<string, ListLines>()
    for (const id of [...new Set(listIds)].sort()) opened.set(id, await openLines(tx, scope, id))
    return opened
  }

  return { openLines, openMany }
}

export type ListLock = ReturnType<typeof createListLock>
