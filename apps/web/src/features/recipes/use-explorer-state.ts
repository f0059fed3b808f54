import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { readExplorerState, writeExplorerState, type ExplorerState } from './explorer-state'

/**
 * The explorer's state from the address, and a setter that writes it back. Typing replaces the history entry
 * (one entry per search, not per key); filters and sort push one, so back undoes them.
 */
export function useExplorerState() {
  const [searchParams, setSearchParams] = useSearchParams()
  const key = searchParams.toString()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the state's identity
  const state = useMemo(() => readExplorerState(searchParams), [key])
  const update = useCallback(
    (change: (current: ExplorerState) => ExplorerState, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => writeExplorerState(change(readExplorerState(current))), {
        replace: options.replace ?? false,
      })
    },
    [setSearchParams],
  )
  return { state, update }
}
