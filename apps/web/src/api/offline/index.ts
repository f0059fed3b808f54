export {
  createOfflineWrites,
  defineOfflineWrite,
  offlineWriteScope,
  type OfflineWriteDefinition,
  type OfflineWrites,
  type OfflineWritesState,
  type RefusedWrite,
} from './offline-writes'
export { keepQueries, type KeptQueriesOptions } from './kept-queries'
export { askForLastingStorage, offlineStore, type OfflineStore } from './offline-store'
export { OfflineWritesProvider, useOfflineWrite, useOfflineWrites } from './use-offline-writes'
