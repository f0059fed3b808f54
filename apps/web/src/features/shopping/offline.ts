import type { QueryClient } from '@tanstack/react-query'
import type { OfflineFeature } from '@/api/offline/OfflineScope'
import { catchUpKeptLists } from './api/list-changes'
import { shoppingKeys, shoppingListsQuery } from './api/shopping-queries'

/**
 * The shopping lists on the device (issue #32): every list of the household is kept, not only the ones opened, so
 * that a list nobody opened on this phone still shows in a shop with no signal. Brought up to date by what changed
 * since each kept version, not read whole again each time the page is shown.
 */
export const shoppingOffline: OfflineFeature = {
  roots: [shoppingKeys.all[0]],
  register: () => import('./api/shopping-writes'),
  warm: async (queryClient: QueryClient) => {
    const lists = await queryClient.fetchQuery({ ...shoppingListsQuery, staleTime: 0 })
    await catchUpKeptLists(queryClient, lists.items)
  },
}
