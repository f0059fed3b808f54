import { parentPort } from 'node:worker_threads'
import { currentOsThreadId } from '../../src/lib/thread-cpu-time.js'

/**
 * A worker for the pool's tests: `spin` never ends, `sleep` blocks the thread for `input` ms without using the
 * processor (as a thread starved on a busy machine), `echo` answers its input.
 */
const port = parentPort!
port.on('message', ({ kind, input }: { kind: string; input: unknown }) => {
  if (kind === 'spin') for (;;);
  if (kind === 'sleep') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(input))
  port.postMessage({ ok: true, value: input })
})
port.postMessage({ ready: true, osThreadId: currentOsThreadId() })
