import type { ShoppingListPresence } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import { shoppingPresenceRepo as presence, shoppingListRepo as lists } from './repo.js'

/** How long after a heartbeat a person still counts as here: two missed heartbeats of the page (every 20 s) and some. */
export const presenceWindowSeconds = 45

/**
 * "Who is here" on a shopping list (issue #32). The page sends a heartbeat while it is shown; each heartbeat says the
 * caller is here and answers the others seen within the window. Kept in `shopping_list_presence` (see the table for
 * why not in memory or in the events outbox). Three single statements through the pool, no transaction: a heartbeat
 * lost between them costs one person's face for 20 s, and none of them waits for a lock a list write holds. Leaving
 * (the page closed) is said once and published, so that the others drop the face at once rather than after the window.
 */
export function createPresenceService(deps: { db: Database }) {
  const { db } = deps
  return {
    async heartbeat(scope: Scope, listId: string): Promise<ShoppingListPresence> {
      if (!(await lists.findById(db, scope, listId))) throw notFound('Shopping list not found')
      await presence.seen(db, listId, scope.userId)
      await presence.dropGone(db, listId, presenceWindowSeconds)
      const people = await presence.others(db, scope, listId, presenceWindowSeconds)
      return { shoppingListId: listId, windowSeconds: presenceWindowSeconds, people }
    },

    /**
     * The caller has left the list: their row goes and, when they were here, one `shopping-list-presence.left` event
     * tells the household's open pages, whose "who is here" asks again. In a transaction because the event is
     * published with the delete; a goodbye from someone not here (a second tab's, a repeat) publishes nothing.
     */
    async goodbye(scope: Scope, listId: string): Promise<ShoppingListPresence> {
      await inTransaction(db, async (tx) => {
        if (!(await lists.findById(tx, scope, listId))) throw notFound('Shopping list not found')
        if (!(await presence.left(tx, listId, scope.userId))) return
        await publish(tx, scope, {
          type: 'shopping-list-presence.left',
          document: { shoppingListId: listId, userId: scope.userId },
        })
      })
      const people = await presence.others(db, scope, listId, presenceWindowSeconds)
      return { shoppingListId: listId, windowSeconds: presenceWindowSeconds, people }
    },
  }
}

export type PresenceService = ReturnType<typeof createPresenceService>
