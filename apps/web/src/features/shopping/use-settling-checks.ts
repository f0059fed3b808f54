import { useCallback, useEffect, useRef, useState } from 'react'

/** How long a line just checked stays where it was before it goes down to the checked section. */
export const checkedSettleMs = 4000

/**
 * The lines checked a moment ago, which stay in place (struck through) so that the list does not move under the
 * finger; they go down together once nothing has been checked for `checkedSettleMs`, or when the page is left.
 */
export function useSettlingChecks(settleMs = checkedSettleMs) {
  const [settling, setSettling] = useState<ReadonlySet<string>>(new Set())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const hold = useCallback(
    (ids: readonly string[]) => {
      setSettling((before) => new Set([...before, ...ids]))
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setSettling(new Set()), settleMs)
    },
    [settleMs],
  )
  const release = useCallback((ids: readonly string[]) => {
    setSettling((before) => new Set([...before].filter((id) => !ids.includes(id))))
  }, [])
  return { settling, hold, release }
}
