/** docs/web.md "Installable app": after a chunk-loading failure the page reloads at most once per 10 s for the same path. */
export const chunkReloadGuardMs = 10_000
export const chunkReloadStorageKey = 'larder.chunk-reload'

/** Messages browsers use when a lazily imported module cannot be fetched (usually: a new deployment removed it). */
const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

function readTimestamps(storage: Storage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(chunkReloadStorageKey) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/**
 * Decides whether to reload for a chunk failure on `path`, and records the reload when it says yes. A second
 * failure on the same path within the guard window is left to the error page instead of looping.
 */
export function claimChunkReload(path: string, now: number, storage: Storage = sessionStorage): boolean {
  const timestamps = readTimestamps(storage)
  const last = timestamps[path]
  if (last !== undefined && now - last < chunkReloadGuardMs) return false
  timestamps[path] = now
  storage.setItem(chunkReloadStorageKey, JSON.stringify(timestamps))
  return true
}

/** Whether the guard would allow a reload for `path` now (reads only; claimChunkReload records it). */
export function mayReloadForChunk(path: string, now: number, storage: Storage = sessionStorage): boolean {
  const last = readTimestamps(storage)[path]
  return last === undefined || now - last >= chunkReloadGuardMs
}

/** Reloads the page for a chunk failure if the guard allows; answers whether it did. */
export function reloadForChunkError(reload: () => void = () => window.location.reload()): boolean {
  if (!claimChunkReload(window.location.pathname, Date.now())) return false
  reload()
  return true
}

/** Vite fires `vite:preloadError` when a preloaded dependency of a lazy chunk fails. */
export function reloadOnPreloadErrors(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  return () => window.removeEventListener('vite:preloadError', onPreloadError)
}
