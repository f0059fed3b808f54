import type { Executor } from '../../db/client.js'
import type { EventToPublish } from '../../events/outbox.js'
import { changesOf, type ListLines } from './lines.js'
import { shoppingItemRepo as items, shoppingListRepo as lists } from './repo.js'

/** The ids of the lines one list's write created, updated and deleted. */
export interface Written {
  created: string[]
  updated: string[]
  deleted: string[]
}

/**
 * Writes the lines' changes under the list's next version (clients fetch changes since a version); nothing, and no
 * new version, when nothing changed. The list must be locked (list-lock.ts) in `tx`.
 */
export async function saveLines(tx: Executor, state: ListLines): Promise<Written> {
  const probe = changesOf(state, state.list.version)
  if (probe.created.length + probe.updated.length + probe.deleted.length === 0) {
    return { created: [], updated: [], deleted: [] }
  }
  const version = await lists.nextVersion(tx, state.list.id)
  state.list = { ...state.list, version }
  const changes = changesOf(state, version)
  for (const values of changes.created) {
    await items.insert(tx, values)
    await items.replaceShares(tx, values.id, changes.shares.get(values.id) ?? [])
  }
  for (const values of changes.updated) {
    await items.update(tx, values)
    await items.replaceShares(tx, values.id, changes.shares.get(values.id) ?? [])
  }
  await items.tombstone(tx, changes.deleted, version)
  await lists.dropUnusedRecipes(tx, state.list.id)
  return {
    created: changes.created.map((values) => values.id),
    updated: changes.updated.map((values) => values.id),
    deleted: changes.deleted,
  }
}

/** The outbox events that announce one list's written lines. */
export function itemEvents(listId: string, written: Written): EventToPublish[] {
  const events: EventToPublish[] = []
  const add = (type: EventToPublish['type'], ids: string[]) => {
    if (ids.length > 0)
      events.push({ type, document: { shoppingListId: listId, shoppingListItemIds: ids } } as EventToPublish)
  }
  add('shopping-list-item.created', written.created)
  add('shopping-list-item.updated', written.updated)
  add('shopping-list-item.deleted', written.deleted)
  return events
}

/** Saves every opened list, each under its own next version, and the events that announce them. */
export async function saveAll(tx: Executor, opened: Map<string, ListLines>) {
  const written: Written[] = []
  const events: EventToPublish[] = []
  for (const [listId, state] of opened) {
    const entry = await saveLines(tx, state)
    written.push(entry)
    events.push(...itemEvents(listId, entry))
  }
  return { written, events }
}
