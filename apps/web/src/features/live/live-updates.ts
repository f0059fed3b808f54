import { useSyncExternalStore } from 'react'
import { createLiveUpdates, type LiveStatus } from '@/api/live'
import { queryClient } from '@/api/query-client'

/** The one live connection of this tab, over the app's query client. */
export const liveUpdates = createLiveUpdates({ queryClient })

/** Whether changes made elsewhere reach this tab at once (`live`), within 10 s (`polling`), or not at all (`off`). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveUpdates.onStatus, liveUpdates.status)
}
