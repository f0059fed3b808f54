import {
  getShoppingListChanges,
  type ShoppingListChanges,
  type ShoppingListItemOut,
  type ShoppingListOut,
  type ShoppingListSummary,
} from '@larder/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { shoppingKeys, shoppingListQuery } from './shopping-queries'

/** The order the server lists a list's lines in (position, then when made, then id), so a merged copy reads the same. */
const byPosition = (one: ShoppingListItemOut, other: ShoppingListItemOut) =>
  one.position - other.position ||
  one.createdAt.localeCompare(other.createdAt) ||
  (one.id < other.id ? -1 : one.id > other.id ? 1 : 0)

/**
 * The kept copy of a list brought up to date by the lines changed since its version (`changes?since=`) and the list's
 * own fields as its summary reads now (name, recipes, labels: the changes carry lines only). The copy is stamped with
 * the older of the two versions: the lines may then be newer than the stamp, which only means the next catch-up asks
 * for some of them again, whereas a stamp newer than the summary would hide a rename made between the two reads.
 * Not for a `reset` answer: that one is read whole instead.
 */
export function withChanges(
  kept: ShoppingListOut,
  changes: ShoppingListChanges,
  summary: ShoppingListSummary,
): ShoppingListOut {
  const gone = new Set(changes.deletedItemIds)
  const changed = new Map(changes.items.map((item) => [item.id, item]))
  const untouched = kept.listItems.filter((item) => !gone.has(item.id) && !changed.has(item.id))
  return {
    ...kept,
    ...summary,
    version: Math.min(summary.version, changes.version),
    listItems: [...untouched, ...changed.values()].sort(byPosition),
  }
}

/**
 * Brings the kept lists up to date when the page is shown again or the network returns (issue #32): one read of the
 * summaries, then for each list only what changed since the version kept on the device. A list whose version has not
 * moved costs nothing more; a list not kept yet, or one whose deletions since the kept version were forgotten
 * (`reset`), is read whole. Through `fetchQuery`, not `setQueryData`: the offline writes still waiting are then shown
 * again on the answer, as they are on every answer read from the server.
 */
export async function catchUpKeptLists(queryClient: QueryClient, summaries: readonly ShoppingListSummary[]) {
  await Promise.all(
    summaries.map(async (summary) => {
      const queryKey = shoppingKeys.list(summary.id)
      const kept = queryClient.getQueryData<ShoppingListOut>(queryKey)
      if (!kept) return queryClient.prefetchQuery({ ...shoppingListQuery(summary.id), staleTime: 0 })
      if (kept.version === summary.version) return
      const changes = await call(getShoppingListChanges, { params: { id: summary.id }, query: { since: kept.version } })
      if (changes.reset) return queryClient.prefetchQuery({ ...shoppingListQuery(summary.id), staleTime: 0 })
      const whole = shoppingListQuery(summary.id)
      let applied = false
      return queryClient.prefetchQuery({
        ...whole,
        // TanStack keeps the last fetch's function as the query's own until an observer renders again: a refetch in
        // between (a live poke) must read the list, not apply these changes a second time over newer lines.
        queryFn: (context) => {
          if (applied) return whole.queryFn!(context)
          applied = true
          // The copy as it is now (a write made while the changes were read included), not as it was when asked.
          return withChanges(queryClient.getQueryData<ShoppingListOut>(queryKey) ?? kept, changes, summary)
        },
        staleTime: 0,
      })
    }),
  )
}
