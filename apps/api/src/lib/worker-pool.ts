import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'
import { threadCpuMilliseconds } from './thread-cpu-time.js'

/**
 * A few worker threads for work that must not hold up the request event loop (reading a hostile page can take
 * seconds). Bounded on every side: `size` threads, started on first use (never at start-up) and stopped when idle;
 * at most `queueLimit` tasks waiting; a task that has used `timeoutMs` of processor time (or waited `timeoutMs` times
 * `wallClockFactor` on the clock, for a thread starved on a busy machine) has its thread terminated. Written here
 * rather than taken from a pool library: the whole of it is this page, and terminating a thread mid-task, lazy
 * start and running TypeScript sources under tsx are what such libraries make awkward.
 *
 * The worker says `{ ready: true, osThreadId }` once loaded (its id from thread-cpu-time.ts, null where unknown:
 * the limit then counts the clock), then answers each `{ kind, input }` message with `{ ok: true, value }` or
 * `{ ok: false, name, message }` (see page-worker.ts); errors cross the thread boundary by name only.
 */

/**
 * How much longer than its processor budget a task may take on the clock. A CI run or a bulk import beside other
 * work left a low-priority thread a few percent of a core, and a two-second first read took over ten on the clock:
 * the limit stops hostile pages, not slow machines.
 */
const wallClockFactor = 6

/** A task's thread ran past the time limit and was stopped. */
export class WorkerTimedOut extends Error {
  constructor() {
    super('The task took too long')
    this.name = 'WorkerTimedOut'
  }
}

/** Every thread is busy and the queue is full. */
export class WorkerPoolFull extends Error {
  constructor() {
    super('Too many tasks are waiting')
    this.name = 'WorkerPoolFull'
  }
}

/** The task failed in the worker: `name` is its error's name there. */
export class WorkerTaskFailed extends Error {
  constructor(name: string, message: string) {
    super(message)
    this.name = name
  }
}

export interface WorkerPoolOptions {
  /** The worker's module (see `startWorker`). */
  entry: URL
  size: number
  queueLimit: number
  timeoutMs: number
  /** A thread idle this long is stopped: a pool that reads a page a day holds no memory in between. */
  idleMs?: number
  /** A hostile task that grows the heap fails alone. */
  maxHeapMb?: number
}

/**
 * A thread running `entry`. A TypeScript source (tests and `tsx` runs) is loaded through tsx's API, registered in the
 * thread itself: Node 20 does not carry `--import tsx` into a worker.
 */
function startWorker(entry: URL, resourceLimits: ResourceLimits): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits })
  const tsx = new URL(
    'dist/esm/api/index.mjs',
    pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
  )
  const load = `import(${JSON.stringify(tsx.href)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`
  return new Worker(load, { eval: true, resourceLimits })
}

interface Task {
  kind: string
  input: unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Answer =
  | { ready: true; osThreadId?: number | null }
  | { ok: true; value: unknown }
  | { ok: false; name: string; message: string }

interface Thread {
  worker: Worker
  /** Loaded and waiting for tasks: a task's time starts when it is handed over, not while the module loads. */
  ready: boolean
  task: Task | null
  timer: NodeJS.Timeout | null
  /** The thread's id in the operating system, for its processor time; null where that cannot be read. */
  osThreadId: number | null
  /** When the running task was handed over, on the clock and in the thread's processor time. */
  startedAt: number
  cpuAtStart: number | null
}

export function createWorkerPool(options: WorkerPoolOptions) {
  const { size, queueLimit, timeoutMs, idleMs = 30_000 } = options
  const threads = new Set<Thread>()
  const queue: Task[] = []

  function stop(thread: Thread) {
    threads.delete(thread)
    if (thread.timer) clearTimeout(thread.timer)
    void thread.worker.terminate()
  }

  /** Ends the thread's task, and the thread with it when it can no longer be trusted. */
  function finish(thread: Thread, settle: (task: Task) => void, keep: boolean) {
    const task = thread.task
    thread.task = null
    if (thread.timer) clearTimeout(thread.timer)
    thread.timer = null
    if (task) settle(task)
    if (keep) {
      // An idle thread does not keep the process alive.
      thread.worker.unref()
      thread.timer = setTimeout(() => stop(thread), idleMs).unref()
    } else {
      stop(thread)
    }
    dispatch()
  }

  function start(): Thread {
    const worker = startWorker(options.entry, { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 })
    const thread: Thread = {
      worker,
      ready: false,
      task: null,
      timer: null,
      osThreadId: null,
      startedAt: 0,
      cpuAtStart: null,
    }
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        thread.ready = true
        thread.osThreadId = answer.osThreadId ?? null
        dispatch()
        return
      }
      finish(
        thread,
        (task) =>
          answer.ok ? task.resolve(answer.value) : task.reject(new WorkerTaskFailed(answer.name, answer.message)),
        true,
      )
    })
    // A thread that crashed (out of memory) fails its task; one that could not load fails the next task waiting,
    // rather than leave it waiting for a thread that never comes.
    const failed = (error: unknown) => {
      if (!thread.ready && !thread.task && queue.length > 0) thread.task = queue.shift()!
      finish(thread, (task) => task.reject(error), false)
    }
    worker.on('error', failed)
    worker.on('exit', (code) => {
      if (threads.has(thread)) failed(new Error(`The worker stopped (exit code ${code})`))
    })
    threads.add(thread)
    return thread
  }

  /**
   * Checks the running task after `delay`: past its processor budget, or past the clock's longer limit, it is
   * stopped; otherwise it is checked again when the rest of its budget could at the soonest be used.
   */
  function watch(thread: Thread, delay: number) {
    thread.timer = setTimeout(() => {
      const cpuNow = thread.osThreadId === null ? null : threadCpuMilliseconds(thread.osThreadId)
      const cpuUsed = cpuNow === null || thread.cpuAtStart === null ? null : cpuNow - thread.cpuAtStart
      const waited = Date.now() - thread.startedAt
      if (cpuUsed === null || cpuUsed >= timeoutMs || waited >= timeoutMs * wallClockFactor) {
        finish(thread, (running) => running.reject(new WorkerTimedOut()), false)
        return
      }
      watch(thread, Math.max(Math.min(timeoutMs - cpuUsed, timeoutMs * wallClockFactor - waited), 50))
    }, delay)
  }

  function dispatch() {
    const loading = [...threads].filter((thread) => !thread.ready).length
    // A thread for every task waiting that a loading one will not take, up to `size`.
    for (let wanted = queue.length - loading; wanted > 0 && threads.size < size; wanted--) start()
    while (queue.length > 0) {
      const thread = [...threads].find((candidate) => candidate.ready && candidate.task === null)
      if (!thread) return
      const task = queue.shift()!
      if (thread.timer) clearTimeout(thread.timer)
      thread.task = task
      thread.worker.ref()
      thread.startedAt = Date.now()
      thread.cpuAtStart = thread.osThreadId === null ? null : threadCpuMilliseconds(thread.osThreadId)
      watch(thread, timeoutMs)
      thread.worker.postMessage({ kind: task.kind, input: task.input })
    }
  }

  return {
    /** Runs `kind` on `input` in a thread; rejects with WorkerPoolFull, WorkerTimedOut or WorkerTaskFailed. */
    run(kind: string, input: unknown): Promise<unknown> {
      if (queue.length >= queueLimit) return Promise.reject(new WorkerPoolFull())
      return new Promise((resolve, reject) => {
        queue.push({ kind, input, resolve, reject })
        dispatch()
      })
    },

    /** How many threads are running now (none before the first task). */
    get threads() {
      return threads.size
    },

    async close() {
      for (const task of queue.splice(0)) task.reject(new Error('The pool was closed'))
      await Promise.all(
        [...threads].map(async (thread) => {
          threads.delete(thread)
          if (thread.timer) clearTimeout(thread.timer)
          await thread.worker.terminate()
        }),
      )
    },
  }
}

export type WorkerPool = ReturnType<typeof createWorkerPool>
