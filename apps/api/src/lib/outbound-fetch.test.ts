import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import tls from 'node:tls'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileAllowList, embeddedIpv4, isNonPublicAddress } from './outbound-address.js'
import {
  browserUserAgent,
  outboundFetch,
  OutboundHttpError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
  OutboundUnreachable,
} from './outbound-fetch.js'

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void

/** A real HTTP server on a loopback address, its routes by path. */
async function startServer(host: string, routes: Record<string, Handler>) {
  const server = http.createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    if (route) route(request, response)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  const origin = host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`
  return { server, port, origin }
}

let local: Awaited<ReturnType<typeof startServer>>
let other: Awaited<ReturnType<typeof startServer>>
let ipv6: Awaited<ReturnType<typeof startServer>>
const seenHeaders: http.IncomingHttpHeaders[] = []

beforeAll(async () => {
  local = await startServer('127.0.0.1', {
    '/hello': (request, response) => {
      seenHeaders.push(request.headers)
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello')
    },
    '/to-other': (_request, response) => response.writeHead(302, { location: `${other.origin}/hello` }).end(),
    '/to-hello': (_request, response) => response.writeHead(301, { location: '/hello' }).end(),
    '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
    '/to-file': (_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/to-nowhere': (_request, response) => response.writeHead(302, { location: 'http://[bad' }).end(),
    '/missing': (_request, response) => response.writeHead(404).end('not here'),
    '/declared-large': (_request, response) => {
      response.writeHead(200, { 'content-length': String(2048) })
      response.end(Buffer.alloc(2048))
    },
    '/chunked-large': (_request, response) => {
      response.writeHead(200)
      let sent = 0
      const timer = setInterval(() => {
        if (response.destroyed || sent > 1024 * 1024) {
          clearInterval(timer)
          response.end()
          return
        }
        response.write(Buffer.alloc(512))
        sent += 512
      }, 1)
    },
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200).end('late'), 5_000)
      response.on('close', () => clearTimeout(timer))
    },
    '/gzip-small': (_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' })
      response.end(zlib.gzipSync('<h1>Soup</h1>'))
    },
    '/gzip-bomb': (_request, response) => {
      response.writeHead(200, { 'content-encoding': 'br' })
      response.end(zlib.brotliCompressSync(Buffer.alloc(8 * 1024 * 1024)))
    },
    '/not-modified': (_request, response) => response.writeHead(304, { location: '/hello' }).end(),
    '/see-other': (_request, response) => response.writeHead(303, { location: '/echo' }).end(),
    ...Object.fromEntries(
      [301, 302, 307, 308].map((status) => [
        `/moved-${status}`,
        (_request: http.IncomingMessage, response: http.ServerResponse) =>
          response.writeHead(status, { location: '/echo-type' }).end(),
      ]),
    ),
    '/echo': (request, response) => {
      let text = ''
      request.on('data', (chunk: Buffer) => (text += chunk.toString()))
      request.on('end', () => response.writeHead(200).end(`${request.method} ${text}`))
    },
    '/echo-type': (request, response) => {
      let text = ''
      request.on('data', (chunk: Buffer) => (text += chunk.toString()))
      request.on('end', () =>
        response.writeHead(200).end(`${request.method} ${request.headers['content-type'] ?? '-'} ${text}`),
      )
    },
  })
  other = await startServer('127.0.0.2', {
    '/hello': (request, response) => {
      seenHeaders.push(request.headers)
      response.writeHead(200).end('other')
    },
  })
  ipv6 = await startServer('::1', { '/hello': (_request, response) => response.writeHead(200).end('six') })
})

afterAll(async () => {
  for (const { server } of [local, other, ipv6]) await new Promise((resolve) => server.close(resolve))
})

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

describe('the outbound fetch guard', () => {
  it('refuses a loopback address unless the allow list names it or its block', async () => {
    const refused = await refusal(outboundFetch(`${local.origin}/hello`))
    expect(refused).toBeInstanceOf(OutboundRefused)
    expect((refused as OutboundRefused).reason).toBe('private-address')

    for (const allowList of [['127.0.0.1'], ['127.0.0.0/8']]) {
      const answer = await outboundFetch(`${local.origin}/hello`, { allowList })
      expect(answer.status).toBe(200)
      expect(answer.body.toString()).toBe('hello')
      expect(answer.contentType).toBe('text/plain')
    }
  })

  it('sends a browser-like User-Agent unless the caller sets its own, and never credentials from the address', async () => {
    seenHeaders.length = 0
    await outboundFetch(`http://cook:secret@127.0.0.1:${local.port}/hello`, { allowList: ['127.0.0.1'] })
    await outboundFetch(`${local.origin}/hello`, { allowList: ['127.0.0.1'], headers: { 'User-Agent': 'Larder/1' } })
    expect(seenHeaders.map((headers) => headers['user-agent'])).toEqual([browserUserAgent, 'Larder/1'])
    expect(seenHeaders[0]?.authorization).toBeUndefined()
  })

  it('refuses a host name that resolves to loopback', async () => {
    const refused = await refusal(outboundFetch(`http://localhost:${local.port}/hello`))
    expect(refused).toMatchObject({ reason: 'private-address' })
    const named = await outboundFetch(`http://localhost:${local.port}/hello`, { allowList: ['localhost'] })
    expect(named.body.toString()).toBe('hello')
  })

  it('re-checks every redirect: an allowed host cannot send the request on to a refused one', async () => {
    const refused = await refusal(outboundFetch(`${local.origin}/to-other`, { allowList: ['127.0.0.1'] }))
    expect(refused).toBeInstanceOf(OutboundRefused)
    expect((refused as OutboundRefused).reason).toBe('private-address')
    seenHeaders.length = 0
    const followed = await outboundFetch(`${local.origin}/to-other`, {
      allowList: ['127.0.0.1', '127.0.0.2'],
      headers: { Authorization: 'Bearer for-the-first-host-only', 'X-Recipe': 'soup' },
    })
    expect(followed.body.toString()).toBe('other')
    // Credentials stay with the origin they were meant for; other headers go on.
    expect(seenHeaders[0]?.authorization).toBeUndefined()
    expect(seenHeaders[0]?.['x-recipe']).toBe('soup')
    expect(followed.url).toBe(`${other.origin}/hello`)
    const relative = await outboundFetch(`${local.origin}/to-hello`, { allowList: ['127.0.0.1'] })
    expect(relative.url).toBe(`${local.origin}/hello`)
  })

  it('stops a redirect loop after five hops', async () => {
    const refused = await refusal(outboundFetch(`${local.origin}/loop`, { allowList: ['127.0.0.1'] }))
    expect(refused).toMatchObject({ reason: 'too-many-redirects' })
  })

  it('fetches only http and https, also after a redirect', async () => {
    for (const address of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://127.0.0.1:70/', 'not a url']) {
      expect(await refusal(outboundFetch(address)), address).toMatchObject({ reason: 'scheme' })
    }
    const redirected = await refusal(outboundFetch(`${local.origin}/to-file`, { allowList: ['127.0.0.1'] }))
    expect(redirected).toMatchObject({ reason: 'scheme' })
    const unparsable = await refusal(outboundFetch(`${local.origin}/to-nowhere`, { allowList: ['127.0.0.1'] }))
    expect(unparsable).toMatchObject({ reason: 'scheme' })
  })

  it('refuses a body larger than allowed, declared or streamed', async () => {
    const declared = await refusal(
      outboundFetch(`${local.origin}/declared-large`, { allowList: ['127.0.0.1'], maxBytes: 1024 }),
    )
    expect(declared).toBeInstanceOf(OutboundTooLarge)
    const started = performance.now()
    const streamed = await refusal(
      outboundFetch(`${local.origin}/chunked-large`, { allowList: ['127.0.0.1'], maxBytes: 4096 }),
    )
    expect(streamed).toBeInstanceOf(OutboundTooLarge)
    // Stopped as soon as the limit passed, not after the server's whole megabyte.
    expect(performance.now() - started).toBeLessThan(1_000)
    const fits = await outboundFetch(`${local.origin}/declared-large`, { allowList: ['127.0.0.1'], maxBytes: 2048 })
    expect(fits.body.length).toBe(2048)
  })

  it('gives up on a connection that never completes after the connect timeout', async () => {
    // Accepts TCP and then says nothing: the TLS handshake never finishes.
    const silent = net.createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const started = performance.now()
      const stalled = await refusal(
        outboundFetch(`https://127.0.0.1:${port}/`, {
          allowList: ['127.0.0.1'],
          connectTimeoutMs: 200,
          timeoutMs: 10_000,
        }),
      )
      expect(stalled).toBeInstanceOf(OutboundTimeout)
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      silent.close()
    }
  })

  it('decodes a compressed body and counts the limit after decoding', async () => {
    const page = await outboundFetch(`${local.origin}/gzip-small`, { allowList: ['127.0.0.1'] })
    expect(page.body.toString()).toBe('<h1>Soup</h1>')
    expect(page.headers['content-encoding']).toBeUndefined()
    const bomb = await refusal(
      outboundFetch(`${local.origin}/gzip-bomb`, { allowList: ['127.0.0.1'], maxBytes: 65536 }),
    )
    expect(bomb).toBeInstanceOf(OutboundTooLarge)
  })

  it('gives up on a slow server after the total timeout', async () => {
    const started = performance.now()
    const late = await refusal(outboundFetch(`${local.origin}/slow`, { allowList: ['127.0.0.1'], timeoutMs: 300 }))
    expect(late).toBeInstanceOf(OutboundTimeout)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('reports a non-2xx answer with its status, and an unreachable host as such', async () => {
    const missing = await refusal(outboundFetch(`${local.origin}/missing`, { allowList: ['127.0.0.1'] }))
    expect(missing).toBeInstanceOf(OutboundHttpError)
    expect((missing as OutboundHttpError).status).toBe(404)
    const notModified = await refusal(outboundFetch(`${local.origin}/not-modified`, { allowList: ['127.0.0.1'] }))
    expect(notModified).toMatchObject({ status: 304 })
    const closed = await refusal(outboundFetch('http://127.0.0.1:1/', { allowList: ['127.0.0.1'] }))
    expect(closed).toBeInstanceOf(OutboundUnreachable)
    const unknown = await refusal(outboundFetch('http://no-such-host.invalid/'))
    expect(unknown).toBeInstanceOf(OutboundUnreachable)
  })

  it('refuses IPv6 loopback literals, IPv4-mapped ones included, unless allowed', async () => {
    expect(await refusal(outboundFetch(`${ipv6.origin}/hello`))).toMatchObject({ reason: 'private-address' })
    const mapped = `http://[::ffff:127.0.0.1]:${local.port}/hello`
    expect(await refusal(outboundFetch(mapped))).toMatchObject({ reason: 'private-address' })
    expect((await outboundFetch(`${ipv6.origin}/hello`, { allowList: ['::1'] })).body.toString()).toBe('six')
    expect((await outboundFetch(`${ipv6.origin}/hello`, { allowList: ['::/127'] })).body.toString()).toBe('six')
  })

  it('connects to the very address it checked, resolving each host once', async () => {
    const lookups: string[] = []
    // A name the system cannot resolve: the answer can only have come from the address the guard checked.
    const resolve = (hostName: string) => {
      lookups.push(hostName)
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }])
    }
    const answer = await outboundFetch(`http://recipes.test:${local.port}/hello`, { allowList: ['127.0.0.1'], resolve })
    expect(answer.body.toString()).toBe('hello')
    expect(lookups).toEqual(['recipes.test'])
    // One private address among public ones is enough to refuse.
    const mixed = () =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ])
    expect(await refusal(outboundFetch('http://recipes.test/', { resolve: mixed }))).toMatchObject({
      reason: 'private-address',
    })
  })

  it('keeps the host name for TLS (SNI and certificate) while connecting to the pinned address', async () => {
    const serverNames: string[] = []
    // Reads the name the client asks for, then stops: no certificate is needed to see it.
    const server = tls.createServer({
      SNICallback: (serverName, done) => {
        serverNames.push(serverName)
        done(new Error('seen enough'))
      },
    })
    server.on('tlsClientError', () => undefined)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const resolve = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }])
      const failed = await refusal(
        outboundFetch(`https://recipes.test:${port}/`, { allowList: ['127.0.0.1'], resolve }),
      )
      expect(failed).toBeInstanceOf(OutboundUnreachable)
      expect(serverNames).toEqual(['recipes.test'])
    } finally {
      server.close()
    }
  })

  it('sends a POST body, and continues a 303 as a GET', async () => {
    const posted = await outboundFetch(`${local.origin}/echo`, {
      allowList: ['127.0.0.1'],
      method: 'POST',
      body: 'ping',
      headers: { 'content-type': 'text/plain' },
    })
    expect(posted.body.toString()).toBe('POST ping')
    const seeOther = await outboundFetch(`${local.origin}/see-other`, {
      allowList: ['127.0.0.1'],
      method: 'POST',
      body: 'ping',
    })
    expect(seeOther.body.toString()).toBe('GET ')
  })

  it('continues a POST redirected by 301, 302 or 303 as a GET without its body; by 307 or 308 as the same POST', async () => {
    const post = (path: string) =>
      outboundFetch(`${local.origin}${path}`, {
        allowList: ['127.0.0.1'],
        method: 'POST',
        body: '{"ping":1}',
        headers: { 'content-type': 'application/json' },
      }).then((answer) => answer.body.toString())
    expect(await post('/moved-301')).toBe('GET - ')
    expect(await post('/moved-302')).toBe('GET - ')
    expect(await post('/moved-307')).toBe('POST application/json {"ping":1}')
    expect(await post('/moved-308')).toBe('POST application/json {"ping":1}')
  })
})

describe('which addresses are public', () => {
  it('refuses private, loopback, link-local, CGNAT, unspecified, multicast and reserved addresses', () => {
    const refused = [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:0101::1',
      '2001:db8::1',
      'not-an-address',
    ]
    const reached = [
      '93.184.216.34',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
      '64:ff9b::8.8.8.8',
      '2002:0808:0808::1',
    ]
    expect(refused.filter((address) => !isNonPublicAddress(address))).toEqual([])
    expect(reached.filter((address) => isNonPublicAddress(address))).toEqual([])
  })

  it('reads the IPv4 address an IPv6 one embeds', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(embeddedIpv4('::ffff:a00:1')).toBe('10.0.0.1')
    expect(embeddedIpv4('2002:c0a8:101::')).toBe('192.168.1.1')
    expect(embeddedIpv4('2606:4700::1111')).toBeNull()
  })

  it('lets an allow list name hosts, addresses and blocks, mapped forms included', () => {
    const allowList = compileAllowList(['NAS.home.arpa', '192.168.1.0/24', 'fd00::/8', '10.0.0.7'])
    expect(allowList.permitsHost('nas.home.arpa.', 443)).toBe(true)
    expect(allowList.permitsHost('other.home.arpa', 443)).toBe(false)
    const permitted = (address: string) => allowList.permitsAddress(address, 5432)
    expect(['192.168.1.40', '::ffff:192.168.1.40', 'fd00::5', '10.0.0.7'].every(permitted)).toBe(true)
    expect(['192.168.2.1', '10.0.0.8', 'fe80::1'].some(permitted)).toBe(false)
  })

  it('opens only the port an allow-list entry names, so the host’s other services stay closed', async () => {
    const allowList = compileAllowList(['nas.home.arpa:8080', '10.0.0.7:8080', '[fd00::1]:443'])
    expect(allowList.permitsHost('nas.home.arpa', 8080)).toBe(true)
    expect(allowList.permitsHost('nas.home.arpa', 5432)).toBe(false)
    expect(allowList.permitsAddress('10.0.0.7', 8080)).toBe(true)
    expect(allowList.permitsAddress('::ffff:10.0.0.7', 8080)).toBe(true)
    expect(allowList.permitsAddress('10.0.0.7', 5432)).toBe(false)
    expect(allowList.permitsAddress('fd00::1', 443)).toBe(true)
    expect(allowList.permitsAddress('fd00::1', 80)).toBe(false)

    // Through the guard: the listed port answers, another port of the same host (a database, say) is refused.
    const listed = await outboundFetch(`${local.origin}/hello`, { allowList: [`127.0.0.1:${local.port}`] })
    expect(listed.status).toBe(200)
    const otherPort = await refusal(outboundFetch(`${local.origin}/hello`, { allowList: ['127.0.0.1:1'] }))
    expect(otherPort).toMatchObject({ reason: 'private-address' })
    const named = await outboundFetch(`http://localhost:${local.port}/hello`, {
      allowList: [`localhost:${local.port}`],
    })
    expect(named.status).toBe(200)
  })
})
