/**
 * Resolves in a later task, so that what the browser has waiting (a tap, a frame) runs before the caller goes on:
 * the start of the app (main.tsx) is a few steps of a task each rather than one long task (docs/budgets.md "Web budgets"). With the
 * Prioritized Task Scheduling API's `scheduler.yield()` where the browser has it (the caller goes on before other
 * queued tasks), a message otherwise (unlike setTimeout, not held back 4 ms once nested).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
