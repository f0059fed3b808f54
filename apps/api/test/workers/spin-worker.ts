import { parentPort } from 'node:worker_threads'

/** A worker for the pool's tests: `spin` never ends, `echo` answers its input. */
const port = parentPort!
port.on('message', ({ kind, input }: { kind: string; input: unknown }) => {
  if (kind === 'spin') for (;;);
  port.postMessage({ ok: true, value: input })
})
port.postMessage({ ready: true })
