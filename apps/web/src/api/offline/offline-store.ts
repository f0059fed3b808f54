import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/**
 * Where the device keeps what must outlive the page (IndexedDB through idb-keyval): a user's waiting and refused
 * writes, and the answers of the query roots kept for offline reads. Each user's records are their own keys, so a
 * second person signing in on the device sees none of the first one's, and signing out can forget them.
 */
export interface OfflineStore {
  read<Value>(key: string): Promise<Value | undefined>
  write(key: string, value: unknown): Promise<void>
  remove(key: string): Promise<void>
}

let defaultStore: UseStore | undefined

/** The app's store: one IndexedDB database, opened on first use (not on the first page load). */
export function offlineStore(
  store: UseStore = (defaultStore ??= createStore('larder-offline', 'records')),
): OfflineStore {
  // Through a promise: without IndexedDB (some private windows, tests) idb-keyval throws at once, and a throw would
  // skip the callers' `.catch` (the kept writes would then never be restored, nor new ones made).
  return {
    read: (key) => Promise.resolve().then(() => get(key, store)),
    write: (key, value) => Promise.resolve().then(() => set(key, value, store)),
    remove: (key) => Promise.resolve().then(() => del(key, store)),
  }
}

export const writesRecordKey = (userId: string) => `writes:${userId}`
export const queriesRecordKey = (userId: string) => `queries:${userId}`

/**
 * Asks the browser to keep this origin's storage under pressure (best effort; browsers may grant it to an installed
 * app only). Without it a browser may evict IndexedDB of a site unused for a while, waiting writes included.
 */
export async function askForLastingStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false
  } catch {
    return false
  }
}
