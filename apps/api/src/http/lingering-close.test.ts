import net from 'node:net'
import { once } from 'node:events'
import { setTimeout } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../test/listening-server.js'
import { createTestApp, type TestApp } from '../../test/test-app.js'

/**
 * Over a real socket a body past the limit used to meet a closed connection mid-upload: fetch reported "fetch failed
 * (EPIPE)" instead of the 413 the server had sent (the built-server sweep of session 17 caught one in sixty).
 */
describe('a body over the limit, sent over a real connection', () => {
  let testApp: TestApp
  let base: string

  beforeAll(async () => {
    testApp = await createTestApp()
    base = (await listenOnLoopback(testApp.app)).base
  })

  it('is answered 413 while the client is still sending, and the rest of the body is read, not reset', async () => {
    const { port } = new URL(base)
    const socket = net.connect(Number(port), '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => void (received += chunk.toString('latin1')))
    const socketError = new Promise<string>((resolve) => socket.once('error', (error) => resolve(error.message)))
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition() && waited < 5_000; waited += 20) await setTimeout(20)
    }
    const length = 8 * 1024 * 1024
    socket.write(
      `POST /api/auth/token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`,
    )
    socket.write(Buffer.alloc(1024, 'x'))
    await until(() => received.includes('The request body is too large'))
    expect(received).toMatch(/^HTTP\/1\.1 413/)
    // The server has answered; the client, as clients do, sends the rest of its body, then asks again.
    for (let sent = 1024; sent < length; sent += 64 * 1024) {
      if (socket.destroyed) break
      const chunk = Buffer.alloc(Math.min(64 * 1024, length - sent), 'x')
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), socketError, setTimeout(5_000)])
    }
    socket.write('GET /api/app/about HTTP/1.1\r\nhost: x\r\n\r\n')
    await until(() => /HTTP\/1\.1 200/.test(received))
    socket.destroy()
    expect(received).toMatch(/HTTP\/1\.1 200/)
    expect(await Promise.race([socketError, setTimeout(10, 'no socket error')])).toBe('no socket error')
  })

  it('keeps the connection for the next request', async () => {
    const refused = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'x'.repeat(3 * 1024 * 1024) }),
    })
    expect(refused.status).toBe(413)
    expect(refused.headers.get('connection')).not.toBe('close')
    const about = await fetch(`${base}/api/app/about`)
    expect(about.status).toBe(200)
  })
})
