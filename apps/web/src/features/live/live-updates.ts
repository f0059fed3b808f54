import { createLiveUpdates } from '@/api/live'
import { queryClient } from '@/api/query-client'
import { liveStatus } from './live-status'

/** The one live connection of this tab, over the app's query client; loaded once the page is idle. */
export const liveUpdates = createLiveUpdates({ queryClient })
liveUpdates.onStatus(liveStatus.set)
