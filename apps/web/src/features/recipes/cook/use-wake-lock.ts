import { useEffect, useState } from 'react'

export type WakeLockStatus = 'unsupported' | 'pending' | 'active' | 'failed'

/**
 * Keeps the screen on while `active` (cook mode). The browser drops the lock when the page is hidden, so it is
 * asked for again each time the page becomes visible; released when cook mode ends. Without the API (or when the
 * browser refuses) the status says so and cooking goes on.
 */
export function useWakeLock(active: boolean): WakeLockStatus {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator
  const [status, setStatus] = useState<WakeLockStatus>(supported ? 'pending' : 'unsupported')

  useEffect(() => {
    if (!active || !supported) return
    let sentinel: WakeLockSentinel | null = null
    let ended = false
    const acquire = async () => {
      if (document.visibilityState !== 'visible') return
      try {
        const lock = await navigator.wakeLock.request('screen')
        if (ended) {
          void lock.release()
          return
        }
        sentinel = lock
        setStatus('active')
      } catch {
        if (!ended) setStatus('failed')
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && (sentinel === null || sentinel.released)) void acquire()
    }
    void acquire()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      ended = true
      document.removeEventListener('visibilitychange', onVisibility)
      if (sentinel && !sentinel.released) void sentinel.release()
      sentinel = null
    }
  }, [active, supported])

  return status
}
