import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { OfflineWriteDefinition, OfflineWrites, OfflineWritesState } from './offline-writes'

const OfflineWritesContext = createContext<OfflineWrites | null>(null)

/** Gives the screens below it the signed-in user's offline writes (made by `createOfflineWrites`). */
export function OfflineWritesProvider({ writes, children }: { writes: OfflineWrites; children: ReactNode }) {
  return <OfflineWritesContext.Provider value={writes}>{children}</OfflineWritesContext.Provider>
}

/** The signed-in person's offline writes, or null on a visitor's page (sign-out calls its `forget()`). */
export function useOfflineWritesScope(): OfflineWrites | null {
  return useContext(OfflineWritesContext)
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

/**
 * Makes a write of any kind, after the writes kept on the device have been read (`restore()` is read once; a write
 * made before it finished would be sent ahead of older ones). Without a provider (a visitor's page) the write is
 * refused at once: only a signed-in person writes.
 */
export function useMakeOfflineWrite(): <Input>(definition: OfflineWriteDefinition<Input>, input: Input) => void {
  const writes = useContext(OfflineWritesContext)
  return useCallback(
    <Input,>(definition: OfflineWriteDefinition<Input>, input: Input) => {
      if (!writes) throw new Error('Writes need a signed-in person (an OfflineWritesProvider)')
      void writes.restore().then(() => void writes.make(definition, input))
    },
    [writes],
  )
}

/** Makes writes of one kind: `const check = useOfflineWrite(checkItem); check({ id, checked: true })`. */
export function useOfflineWrite<Input>(definition: OfflineWriteDefinition<Input>): (input: Input) => void {
  const writes = useWrites()
  return useCallback((input: Input) => void writes.make(definition, input), [writes, definition])
}
