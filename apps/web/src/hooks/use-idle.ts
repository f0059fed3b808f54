import { useEffect, useState } from 'react'

/** docs/web.md "Idle and clipboard": idle after 60 s without activity; activity events are taken at most every 50 ms. */
export const idleTimeoutMs = 60_000
export const activityThrottleMs = 50

const activityEvents = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll', 'focus'] as const

/** True once the user has done nothing for `timeout` ms; false again on the next activity. */
export function useIdle(timeout = idleTimeoutMs, throttle = activityThrottleMs): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let timer = window.setTimeout(() => setIdle(true), timeout)
    let lastActivity = 0
    const onActivity = () => {
      const now = Date.now()
      if (now - lastActivity < throttle) return
      lastActivity = now
      setIdle(false)
      window.clearTimeout(timer)
      timer = window.setTimeout(() => setIdle(true), timeout)
    }
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true })
    return () => {
      window.clearTimeout(timer)
      for (const name of activityEvents) window.removeEventListener(name, onActivity)
    }
  }, [timeout, throttle])
  return idle
}
