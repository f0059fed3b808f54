import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTask } from './next-task'

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('resolves in a later task, after the tasks already queued, when the browser has no scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined)
    const order: string[] = []
    const waited = nextTask().then(() => order.push('after yield'))
    await Promise.resolve()
    order.push('same task')
    await waited
    expect(order).toEqual(['same task', 'after yield'])
  })

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: yieldToMain })
    await nextTask()
    expect(yieldToMain).toHaveBeenCalledOnce()
  })
})
