import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkedSettleMs, useSettlingChecks } from './use-settling-checks'

describe('lines just checked', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('stay in place while the person keeps checking, and go down together once they stop', () => {
    const { result } = renderHook(() => useSettlingChecks())
    act(() => result.current.hold(['milk']))
    act(() => {
      vi.advanceTimersByTime(checkedSettleMs - 1000)
    })
    act(() => result.current.hold(['eggs']))
    act(() => {
      vi.advanceTimersByTime(checkedSettleMs - 1000)
    })
    // The second check restarted the wait: both are still in place.
    expect([...result.current.settling]).toEqual(['milk', 'eggs'])
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(result.current.settling.size).toBe(0)
  })

  it('lets an unchecked line go at once', () => {
    const { result } = renderHook(() => useSettlingChecks())
    act(() => result.current.hold(['milk', 'eggs']))
    act(() => result.current.release(['milk']))
    expect([...result.current.settling]).toEqual(['eggs'])
  })
})
