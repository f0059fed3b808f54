import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { whenDone } from './test-database.js'

export interface ReceivedPost {
  headers: http.IncomingHttpHeaders
  body: string
  at: Date
}

export interface ReceiverAnswer {
  status: number
  headers?: Record<string, string>
}

/**
 * A webhook receiver on 127.0.0.1 for a test: records every request and answers each with the next queued answer
 * (200 once the queue is empty). `port`: the port of one a test closed, to bring the same URL back up. Closed with the
 * test that made it.
 */
export async function startWebhookReceiver(options: { port?: number } = {}) {
  const received: ReceivedPost[] = []
  const answers: ReceiverAnswer[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: new Date() })
      const answer = answers.shift() ?? { status: 200 }
      response.writeHead(answer.status, answer.headers ?? {}).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  whenDone(close)
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Answers for the next requests, in order. */
    answerWith: (...next: ReceiverAnswer[]) => void answers.push(...next),
    close,
  }
}

export async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}
