import { describe, expect, it } from 'vitest'
import { createWorkerPool, WorkerPoolFull, WorkerTimedOut } from './worker-pool.js'

const entry = new URL('../../test/workers/spin-worker.ts', import.meta.url)

describe('the worker pool', () => {
  it('starts no thread before the first task, stops one that runs too long, and goes on with a new one', async () => {
    const pool = createWorkerPool({ entry, size: 1, queueLimit: 4, timeoutMs: 3000 })
    try {
      expect(pool.threads).toBe(0)
      expect(await pool.run('echo', 'warm')).toBe('warm')
      const spinning = pool.run('spin', null)
      const next = pool.run('echo', 'after')
      await expect(spinning).rejects.toBeInstanceOf(WorkerTimedOut)
      expect(await next).toBe('after')
    } finally {
      await pool.close()
    }
  }, 60_000)

  it('refuses a task when the queue is full', async () => {
    const pool = createWorkerPool({ entry, size: 1, queueLimit: 2, timeoutMs: 500 })
    try {
      // Both wait while the one thread loads; a third may not.
      const waiting = [pool.run('spin', null), pool.run('spin', null)].map((task) => task.catch((error) => error))
      await expect(pool.run('echo', 'late')).rejects.toBeInstanceOf(WorkerPoolFull)
      expect(await Promise.all(waiting)).toEqual([expect.any(WorkerTimedOut), expect.any(WorkerTimedOut)])
    } finally {
      await pool.close()
    }
  }, 60_000)

  it.runIf(process.platform === 'linux')(
    'counts processor time, not the clock: a thread kept waiting is let finish, up to a longer limit on the clock',
    async () => {
      const pool = createWorkerPool({ entry, size: 1, queueLimit: 4, timeoutMs: 500 })
      try {
        // Blocked three times its budget without using the processor: a starved thread, not a hostile task.
        expect(await pool.run('sleep', 1500)).toBe(1500)
        // Past six times its budget on the clock, it is stopped all the same.
        await expect(pool.run('sleep', 4000)).rejects.toBeInstanceOf(WorkerTimedOut)
        await expect(pool.run('spin', null)).rejects.toBeInstanceOf(WorkerTimedOut)
        expect(await pool.run('echo', 'after')).toBe('after')
      } finally {
        await pool.close()
      }
    },
    60_000,
  )
})
