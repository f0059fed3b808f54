import { shoppingListHeartbeat, type ShoppingListPresent } from '@larder/contracts'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'

/** How often the open list says "I am here" (the server counts a person as here for 45 s after). */
export const heartbeatMs = 20_000

/**
 * The other people who have this list open now. The heartbeat is the query: sent on opening, every 20 s while the
 * page is shown (not in the background, not offline), and again when the page is shown again. Its own key root, so
 * that it is neither kept on the device nor read again by the lists' live events.
 */
export function usePresence(listId: string): ShoppingListPresent[] {
  const presence = useQuery({
    queryKey: ['shopping-presence', listId],
    queryFn: () => call(shoppingListHeartbeat, { params: { id: listId }, notify: false }),
    refetchInterval: heartbeatMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
  })
  return presence.data?.people ?? []
}
