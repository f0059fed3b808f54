export {
  createOfflineWrites,
  defineOfflineWrite,
  offlineWriteScope,
  type OfflineWriteDefinition,
  type OfflineWrites,
  type OfflineWritesState,
  type RefusedWrite,
} from './offline-writes'
export { isKeptKey, keepQueries, type KeptQueriesOptions, type KeptRoot } from './kept-queries'
export { askForLastingStorage, offlineStore, type OfflineStore } from './offline-store'
export {
  OfflineWritesProvider,
  useMakeOfflineWrite,
  useOfflineWrite,
  useOfflineWrites,
  useOfflineWritesScope,
} from './use-offline-writes'
