import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LossyProxyOptions {
  /** Added before a request is passed on, and again before its answer is given back. */
  delayMs: number
  /** Share of requests dropped before the server sees them: the client's connection is cut. */
  dropRequestShare: number
  /** Share of requests the server answers but whose answer never reaches the client: the write happened unheard. */
  dropAnswerShare: number
  /** Where drops fall, so that a failing run can be repeated exactly. */
  seed: number
}

export interface LossyProxy {
  base: string
  /** What the proxy did, for the test to show that the network really was lossy. */
  counts: { passed: number; droppedRequests: number; droppedAnswers: number }
  close(): Promise<void>
}

/** A small seeded generator (mulberry32): the same seed drops the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = Math.imul(state ^ (state >>> 15), state | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * An HTTP proxy on 127.0.0.1 in front of `target` that behaves like a shop's mobile network: every request and answer
 * is late, some requests are lost on the way and some answers on the way back. Lost ones end with the socket cut, as
 * a phone sees a dropped connection, never with an HTTP error the client could read.
 */
export async function startLossyProxy(target: string, options: LossyProxyOptions): Promise<LossyProxy> {
  const random = seededRandom(options.seed)
  const counts = { passed: 0, droppedRequests: 0, droppedAnswers: 0 }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const roll = random()
        await pause(options.delayMs)
        if (roll < options.dropRequestShare) {
          counts.droppedRequests++
          request.socket.destroy()
          return
        }
        const headers = new Headers()
        for (const [name, value] of Object.entries(request.headers)) {
          if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length') continue
          headers.set(name, Array.isArray(value) ? value.join(', ') : value)
        }
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const answer = await fetch(new URL(request.url ?? '/', target), {
          method: request.method,
          headers,
          body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
        }).catch(() => null)
        const answerBody = answer ? Buffer.from(await answer.arrayBuffer()) : null
        await pause(options.delayMs)
        if (!answer || roll < options.dropRequestShare + options.dropAnswerShare) {
          counts.droppedAnswers++
          request.socket.destroy()
          return
        }
        counts.passed++
        const answerHeaders: Record<string, string> = {}
        answer.headers.forEach((value, name) => {
          // fetch has already undone any compression, so the length and encoding no longer describe the body.
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
            answerHeaders[name] = value
        })
        response.writeHead(answer.status, answerHeaders)
        response.end(answerBody)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
