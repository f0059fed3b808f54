import { useCallback, useEffect, useRef, useState } from 'react'
import { prepareAlarm, ringIntervalMs, ringOnce } from './alarm'

export interface CookTimer {
  id: string
  /** What the step says ("25 minutes") and which step it came from. */
  label: string
  stepNumber: number
  durationMs: number
  state: 'running' | 'paused' | 'done'
  /** While running: when it ends, in Date.now() time. Remaining time is computed from it, so it never drifts. */
  endsAt: number | null
  /** While paused: what was left. */
  remainingMs: number
}

export function remainingOf(timer: CookTimer, now: number): number {
  if (timer.state === 'done') return 0
  if (timer.state === 'paused' || timer.endsAt === null) return timer.remainingMs
  return Math.max(0, timer.endsAt - now)
}

let sequence = 0

/**
 * The running timers of cook mode. A tick re-renders four times a second while one runs; the time left is always
 * `endsAt - Date.now()`, so a throttled tab or a slow tick cannot make a timer late. A timer that reaches zero
 * rings (unless muted) every few seconds until it is dismissed.
 */
export function useCookTimers() {
  const [timers, setTimers] = useState<CookTimer[]>([])
  const [muted, setMuted] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const mutedRef = useRef(muted)
  const timersRef = useRef(timers)
  useEffect(() => {
    mutedRef.current = muted
    timersRef.current = timers
  })

  const running = timers.some((timer) => timer.state === 'running')
  const ringing = timers.some((timer) => timer.state === 'done')

  useEffect(() => {
    if (!running) return
    const tick = () => {
      const current = Date.now()
      setNow(current)
      const due = (timer: CookTimer) => timer.state === 'running' && timer.endsAt !== null && timer.endsAt <= current
      if (!timersRef.current.some(due)) return
      if (!mutedRef.current) ringOnce()
      setTimers((list) =>
        list.map((timer) => (due(timer) ? { ...timer, state: 'done' as const, endsAt: null, remainingMs: 0 } : timer)),
      )
    }
    const interval = window.setInterval(tick, 250)
    return () => window.clearInterval(interval)
  }, [running])

  useEffect(() => {
    if (!ringing) return
    const interval = window.setInterval(() => {
      if (!mutedRef.current) ringOnce()
    }, ringIntervalMs)
    return () => window.clearInterval(interval)
  }, [ringing])

  const start = useCallback((label: string, seconds: number, stepNumber: number) => {
    prepareAlarm()
    const durationMs = Math.round(seconds * 1000)
    const current = Date.now()
    setNow(current)
    setTimers((list) => [
      ...list,
      {
        id: `timer-${++sequence}`,
        label,
        stepNumber,
        durationMs,
        state: 'running',
        endsAt: current + durationMs,
        remainingMs: durationMs,
      },
    ])
  }, [])

  const pause = useCallback((id: string) => {
    const current = Date.now()
    setTimers((list) =>
      list.map((timer) =>
        timer.id === id && timer.state === 'running'
          ? { ...timer, state: 'paused', remainingMs: remainingOf(timer, current), endsAt: null }
          : timer,
      ),
    )
  }, [])

  const resume = useCallback((id: string) => {
    const current = Date.now()
    setNow(current)
    setTimers((list) =>
      list.map((timer) =>
        timer.id === id && timer.state === 'paused'
          ? { ...timer, state: 'running', endsAt: current + timer.remainingMs }
          : timer,
      ),
    )
  }, [])

  /** Cancels a running or paused timer, or dismisses (silences) a finished one. */
  const remove = useCallback((id: string) => setTimers((list) => list.filter((timer) => timer.id !== id)), [])

  return { timers, now, muted, setMuted, start, pause, resume, remove }
}

export type CookTimers = ReturnType<typeof useCookTimers>
