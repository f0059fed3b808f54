import type { FastifyInstance } from 'fastify'

export interface Answer {
  status: number
  body: unknown
}

/**
 * The app listening on a loopback port, for races that `inject()` cannot produce: `burst` sends its requests at
 * once and waits for every answer, each bounded in time so that a frozen server fails the test instead of hanging it.
 */
export async function listenOnLoopback(app: FastifyInstance, options: { timeoutMs?: number } = {}) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port')
  const base = `http://127.0.0.1:${address.port}`
  const timeoutMs = options.timeoutMs ?? 10_000

  async function send(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await response.text()
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
    } catch (error) {
      // A timed-out request is an answer the test can count, not an exception that hides the others.
      if (error instanceof Error && error.name === 'TimeoutError') return { status: 0, body: 'no answer in time' }
      throw error
    }
  }

  return {
    base,
    send,
    /** Sends `count` requests at once, built by `request(index)`, and resolves with every answer. */
    burst(count: number, request: (index: number) => Promise<Answer>): Promise<Answer[]> {
      return Promise.all(Array.from({ length: count }, (_, index) => request(index)))
    },
  }
}
