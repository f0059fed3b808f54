import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { OfflineWriteDefinition, OfflineWrites, OfflineWritesState } from './offline-writes'

const OfflineWritesContext = createContext<OfflineWrites | null>(null)

/** Gives the screens below it the signed-in user's offline writes (made by `createOfflineWrites`). */
export function OfflineWritesProvider({ writes, children }: { writes: OfflineWrites; children: ReactNode }) {
  return <OfflineWritesContext.Provider value={writes}>{children}</OfflineWritesContext.Provider>
}

function useWrites(): OfflineWrites {
  const writes = useContext(OfflineWritesContext)
  if (!writes) throw new Error('useOfflineWrites needs an OfflineWritesProvider above it')
  return writes
}

/**
 * What a screen shows of the offline queue: whether the device is online, how many writes wait, and the writes the
 * server refused (with its reason) until the person dismisses them.
 */
export function useOfflineWrites(): OfflineWritesState & { dismiss: (id: string) => void } {
  const writes = useWrites()
  const state = useSyncExternalStore(writes.subscribe, writes.getState, writes.getState)
  const dismiss = useCallback((id: string) => writes.dismiss(id), [writes])
  return { ...state, dismiss }
}

/** Makes writes of one kind: `const check = useOfflineWrite(checkItem); check({ id, checked: true })`. */
export function useOfflineWrite<Input>(definition: OfflineWriteDefinition<Input>): (input: Input) => void {
  const writes = useWrites()
  return useCallback((input: Input) => void writes.make(definition, input), [writes, definition])
}
