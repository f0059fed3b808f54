import { constants, setPriority } from 'node:os'
import { isMainThread, parentPort } from 'node:worker_threads'
import { currentOsThreadId } from './lib/thread-cpu-time.js'
import { importPageTasks } from './modules/import/page-tasks.js'
import { migrationPageTasks } from './modules/migrations/page-tasks.js'

/**
 * The page-reading thread (page-reader.ts starts it): parses pages and reads their recipes, off the request event
 * loop. It imports each area's `page-tasks.ts`, not its `index.ts`, so that a thread starts without the server's
 * routes, database or native packages.
 */
export const pageTasks = { ...importPageTasks, ...migrationPageTasks }

export type PageTasks = typeof pageTasks

if (!isMainThread && parentPort) {
  // Reading pages yields the processor to answering requests: on Linux a thread's nice value is its own.
  try {
    setPriority(constants.priority.PRIORITY_LOW)
  } catch {
    // Not allowed here: the thread still runs, at the same priority as the rest.
  }
  const port = parentPort
  port.on('message', ({ kind, input }: { kind: keyof PageTasks; input: never }) => {
    try {
      port.postMessage({ ok: true, value: pageTasks[kind](input) })
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error))
      port.postMessage({ ok: false, name, message })
    }
  })
  port.postMessage({ ready: true, osThreadId: currentOsThreadId() })
}
