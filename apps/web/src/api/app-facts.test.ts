import { describe, expect, it, vi } from 'vitest'
import { createCachedCall } from './app-facts'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('cached calls (the sign-in page and theme without TanStack Query)', () => {
  it('shares one request while it is in flight and keeps the answer while fresh', async () => {
    let now = 0
    const answer = deferred<string>()
    const request = vi.fn(() => answer.promise)
    const cached = createCachedCall(request, 1000, () => now)
    const first = cached.load()
    const second = cached.load()
    expect(request).toHaveBeenCalledTimes(1)
    answer.resolve('v1')
    expect(await first).toBe('v1')
    expect(await second).toBe('v1')
    expect(cached.store.get()).toBe('v1')

    now = 999
    expect(cached.isStale()).toBe(false)
    expect(await cached.load()).toBe('v1')
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('asks again once stale, and a failure keeps the previous answer', async () => {
    let now = 0
    const request = vi.fn<() => Promise<string>>().mockResolvedValueOnce('v1').mockRejectedValueOnce(new Error('down'))
    const cached = createCachedCall(request, 1000, () => now)
    await cached.load()
    now = 1000
    expect(cached.isStale()).toBe(true)
    await expect(cached.load()).rejects.toThrow('down')
    expect(request).toHaveBeenCalledTimes(2)
    expect(cached.store.get()).toBe('v1')
  })

  it('with no freshness window (startup info) asks every time', async () => {
    const request = vi.fn(() => Promise.resolve({ isFirstLogin: true }))
    const cached = createCachedCall(request, 0)
    await cached.load()
    await cached.load()
    expect(request).toHaveBeenCalledTimes(2)
  })
})
