import { useSyncExternalStore } from 'react'

/**
 * The smallest observable value: the app keeps only auth, theme, locale and notifications outside React Query,
 * and each is one of these read through useSyncExternalStore.
 */
export function createStore<State>(initial: State) {
  let state = initial
  const listeners = new Set<() => void>()
  function set(next: State) {
    if (Object.is(next, state)) return
    state = next
    for (const listener of listeners) listener()
  }
  return {
    get: (): State => state,
    set,
    update(change: (current: State) => State) {
      set(change(state))
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type Store<State> = ReturnType<typeof createStore<State>>

export function useStore<State>(store: Store<State>): State {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
