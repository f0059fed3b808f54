import { HttpError } from './http/errors.js'
import { createWorkerPool, WorkerPoolFull, WorkerTaskFailed, WorkerTimedOut } from './lib/worker-pool.js'
import type { PageTasks } from './page-worker.js'

/**
 * Pages are read in a worker thread, never on the request event loop: however hostile a page, other people's
 * requests are answered meanwhile. Two threads (the machine Larder runs on may have two cores), 64 pages waiting
 * at most (a bulk import of many addresses, or several people importing, must not be refused while the threads
 * start; a page's text is capped by the page fetch, so 64 waiting is a bounded amount of memory), and 10 s for one
 * page (the slowest page of the recipe corpus takes half a second).
 */
const poolSize = 2
const mostWaiting = 64
const longestReadMs = 10_000

/**
 * The thread's module: page-worker.ts beside this file when running from sources (under tsx), and page-worker.js
 * beside the bundle (dist/main.js) when built — tsup emits it as an entry of its own.
 */
const fromSources = import.meta.url.endsWith('.ts')
const workerEntry = new URL(fromSources ? './page-worker.ts' : './page-worker.js', import.meta.url)

export const pageTooComplex = () => new HttpError(400, 'This page is too complex to read')

export function createPageReader() {
  const pool = createWorkerPool({
    entry: workerEntry,
    size: poolSize,
    queueLimit: mostWaiting,
    timeoutMs: longestReadMs,
  })
  return {
    /** Runs one page task in a thread; a page past the budget or the time limit is a 400, a full queue a 429. */
    async read<Kind extends keyof PageTasks>(
      kind: Kind,
      input: Parameters<PageTasks[Kind]>[0],
    ): Promise<ReturnType<PageTasks[Kind]>> {
      try {
        return (await pool.run(kind, input)) as ReturnType<PageTasks[Kind]>
      } catch (error) {
        if (error instanceof WorkerTimedOut) throw pageTooComplex()
        if (error instanceof WorkerTaskFailed && error.name === 'PageTooComplex') throw pageTooComplex()
        if (error instanceof WorkerPoolFull) {
          throw new HttpError(429, 'Too many pages are being read: please try again in a moment', {
            'retry-after': '5',
          })
        }
        throw error
      }
    },
    /** How many threads are running (none until the first page). */
    get threads() {
      return pool.threads
    },
    close: () => pool.close(),
  }
}

export type PageReader = ReturnType<typeof createPageReader>
