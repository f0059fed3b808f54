import { shoppingListGoodbye, shoppingListHeartbeat, type ShoppingListPresent } from '@larder/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { call } from '@/api/http'

/** How often the open list says "I am here" (the server counts a person as here for 45 s after). */
export const heartbeatMs = 20_000

/**
 * Says "I have left" (issue #32): the others' faces drop at once, through the live event the server publishes, not
 * at the end of the presence window. `keepalive`, so that it is still sent when the tab is closing; quiet and not
 * retried: when it is lost (offline, the tab killed) the window ends the presence all the same.
 */
function sayGoodbye(listId: string) {
  call(shoppingListGoodbye, { params: { id: listId }, notify: false, keepalive: true }).catch(() => undefined)
}

/**
 * The other people who have this list open now. The heartbeat is the query: sent on opening, every 20 s while the
 * page is shown (not in the background, not offline), and again when the page is shown again. Its own key root, so
 * that it is neither kept on the device nor read again by the lists' live events; someone's goodbye makes it stale.
 * Leaving the list's screen, or the page being hidden for good (`pagehide`: a closed tab, a navigation away, a page
 * put in the back-forward cache, whose heartbeat then starts again when it is shown), says goodbye.
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

  useEffect(() => {
    const onPageHide = () => sayGoodbye(listId)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      sayGoodbye(listId)
    }
  }, [listId])

  return presence.data?.people ?? []
}
