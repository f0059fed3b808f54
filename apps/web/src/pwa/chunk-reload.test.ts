import { describe, expect, it, vi } from 'vitest'
import { chunkReloadGuardMs, claimChunkReload, isChunkLoadError, reloadForChunkError } from './chunk-reload'

describe('chunk-reload guard', () => {
  it('allows one reload per path within 10 seconds', () => {
    expect(claimChunkReload('/g/home', 1_000, sessionStorage)).toBe(true)
    expect(claimChunkReload('/g/home', 1_000 + chunkReloadGuardMs - 1, sessionStorage)).toBe(false)
    expect(claimChunkReload('/g/home', 1_000 + chunkReloadGuardMs, sessionStorage)).toBe(true)
  })

  it('keeps paths apart', () => {
    expect(claimChunkReload('/a', 5_000, sessionStorage)).toBe(true)
    expect(claimChunkReload('/b', 5_001, sessionStorage)).toBe(true)
    expect(claimChunkReload('/a', 5_002, sessionStorage)).toBe(false)
  })

  it('reloads the page on the first failure and not on a second one right after', () => {
    const reload = vi.fn()
    expect(reloadForChunkError(reload)).toBe(true)
    expect(reloadForChunkError(reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("recognises the browsers' chunk-loading errors", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
