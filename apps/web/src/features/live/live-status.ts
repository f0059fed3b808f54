import { useSyncExternalStore } from 'react'
import type { LiveStatus } from '@/api/live'

/**
 * This tab's live status, apart from the live connection itself: the header reads it from the first render, while
 * the connection's code (and the event catalogue it reads) loads once the page is idle.
 */
let current: LiveStatus = 'off'
const listeners = new Set<() => void>()

export const liveStatus = {
  set: (next: LiveStatus) => {
    if (next === current) return
    current = next
    for (const listener of listeners) listener()
  },
  get: () => current,
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}

/** Whether changes made elsewhere reach this tab at once (`live`), within 10 s (`polling`), or not at all (`off`). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get)
}
