import dns from 'node:dns/promises'
import net from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { buildConnector, errors } from 'undici'
import { compileAllowList, isNonPublicAddress, type AllowList } from './outbound-address.js'
import {
  OutboundError,
  OutboundHttpError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
  OutboundUnreachable,
  maximumRedirects,
} from './outbound-errors.js'

/** Callers import the guard and its errors from one place. */
export * from './outbound-errors.js'

/**
 * The one way Larder reaches out to another server (docs/security.md "Security rules"): images by URL, recipe imports, webhooks, notifiers.
 * Every connection, on every redirect hop, resolves the host once, refuses it unless every address is public (or the
 * operator's allow list names it), and connects to exactly the address it checked, so a DNS answer that changes
 * between the check and the connection (DNS rebinding) cannot slip through.
 */

/** Firefox on Windows, the string sites serve their ordinary page to (Mealie sends the same kind). */
export const browserUserAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

const defaultHeaders: Record<string, string> = {
  'user-agent': browserUserAgent,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.5',
  // As a browser asks; some sites answer a client that does not with a bot check. The size limit applies decoded.
  'accept-encoding': 'gzip, deflate, br',
}

/** The statuses that send the request on; a 304 or a 300 with a Location is an answer, not a redirect. */
const redirectStatuses = new Set([301, 302, 303, 307, 308])

const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
}

/** Headers that carry the caller's credentials: never sent on to another origin after a redirect. */
const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization']

export interface ResolvedAddress {
  address: string
  family: number
}

export interface OutboundOptions {
  /** `HTTP_ALLOW_LIST` entries: host names, addresses or CIDR blocks that may be reached though not public. */
  allowList?: readonly string[]
  /** The whole exchange, every hop and the body included. Default 15 s. */
  timeoutMs?: number
  /** Each TCP (and TLS) connection. Default 5 s. */
  connectTimeoutMs?: number
  /** The largest body read. Default 10 MiB. */
  maxBytes?: number
  /** Added to, or replacing (by name, any case), the browser-like defaults. */
  headers?: Record<string, string>
  /** GET unless said; webhooks and notifiers POST. */
  method?: 'GET' | 'POST' | 'PUT'
  body?: string | Buffer
  /** Every address a host name has. Default: the system resolver (dns.lookup with all: true), as browsers use. */
  resolve?: (hostName: string) => Promise<ResolvedAddress[]>
}

export interface OutboundResponse {
  /** Where the answer finally came from, after redirects. */
  url: string
  status: number
  headers: Record<string, string>
  /** The media type without parameters, lower case (`image/jpeg`), or null when the server named none. */
  contentType: string | null
  body: Buffer
}

const systemResolve = (hostName: string) => dns.lookup(hostName, { all: true, verbatim: true })

/**
 * A connector that resolves, checks and connects to the checked address: the check runs when a connection opens,
 * for every origin a redirect chain visits, and there is no second lookup for an attacker's DNS to answer differently.
 */
function guardedConnector(
  allowList: AllowList,
  resolve: (hostName: string) => Promise<ResolvedAddress[]>,
  connect: buildConnector.connector,
): buildConnector.connector {
  return (options, callback) => {
    const hostName = options.hostname
    const addresses: Promise<ResolvedAddress[]> =
      net.isIP(hostName) !== 0
        ? Promise.resolve([{ address: hostName, family: net.isIP(hostName) }])
        : resolve(hostName)
    addresses.then(
      (found) => {
        const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
        const permitted = (address: string) =>
          !isNonPublicAddress(address) ||
          allowList.permitsHost(hostName, port) ||
          allowList.permitsAddress(address, port)
        const chosen = found[0]
        if (!chosen || !found.every(({ address }) => permitted(address))) {
          callback(new OutboundRefused('private-address', `${options.protocol}//${options.host}`), null)
          return
        }
        // The host name stays the TLS server name (certificate check and SNI); only the address is pinned.
        connect({ ...options, hostname: chosen.address }, callback)
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  }
}

/**
 * The guard for a connection that is not HTTP (a notifier's SMTP server): resolves the host once and answers the
 * address to connect to, or throws OutboundRefused when it is not public and the allow list does not name it.
 */
export async function guardedAddress(
  hostName: string,
  port: number,
  options: Pick<OutboundOptions, 'allowList' | 'resolve'> = {},
): Promise<string> {
  const allowList = compileAllowList(options.allowList ?? [])
  let found: ResolvedAddress[]
  try {
    found =
      net.isIP(hostName) !== 0
        ? [{ address: hostName, family: net.isIP(hostName) }]
        : await (options.resolve ?? systemResolve)(hostName)
  } catch (error) {
    throw new OutboundUnreachable(`${hostName}:${port}`, error)
  }
  const permitted = (address: string) =>
    !isNonPublicAddress(address) || allowList.permitsHost(hostName, port) || allowList.permitsAddress(address, port)
  const chosen = found[0]
  if (!chosen || !found.every(({ address }) => permitted(address))) {
    throw new OutboundRefused('private-address', `${hostName}:${port}`)
  }
  return chosen.address
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

/**
 * Reads a body up to `maxBytes` (counted after decompression, so a small gzip bomb is stopped as surely as a large
 * body), refusing at once when the server declares more and stopping as soon as it sends more.
 */
async function readLimited(
  body: Readable,
  declaredLength: string | undefined,
  encoding: string,
  url: string,
  maxBytes: number,
): Promise<Buffer> {
  // Destroying emits an abort error; the pipeline or the loop below report what matters.
  body.on('error', () => undefined)
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) {
    body.destroy()
    throw new OutboundTooLarge(url, maxBytes)
  }
  let decoded: Readable = body
  if (encoding !== '' && encoding !== 'identity') {
    const decoder = decoders[encoding]
    if (!decoder) {
      body.destroy()
      throw new OutboundUnreachable(url, new Error(`unsupported content-encoding ${encoding}`))
    }
    decoded = pipeline(body, decoder(), () => undefined)
  }
  const chunks: Buffer[] = []
  let received = 0
  for await (const chunk of decoded as AsyncIterable<Buffer>) {
    received += chunk.length
    // Leaving the loop destroys the stream (and the pipeline the body), so the rest is never read.
    if (received > maxBytes) throw new OutboundTooLarge(url, maxBytes)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, received)
}

function translateFailure(error: unknown, url: string, timedOut: boolean, undiciErrors: typeof errors): OutboundError {
  if (error instanceof OutboundError) return error
  if (timedOut || error instanceof undiciErrors.ConnectTimeoutError) return new OutboundTimeout(url)
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new OutboundTimeout(url)
  }
  return new OutboundUnreachable(url, error)
}

/**
 * Fetches `address` through the guard and returns the whole 2xx answer. Redirects are followed here, by hand, at most
 * `maximumRedirects` (5) times, each hop checked again (scheme, then address at connect time). Throws only
 * OutboundError subclasses.
 */
export async function outboundFetch(address: string | URL, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024
  const allowList = compileAllowList(options.allowList ?? [])
  // undici loads with the first outbound request, not at start-up (bench/cold-start).
  const { Agent, buildConnector, errors: undiciErrors, request } = await import('undici')
  const dispatcher = new Agent({
    connect: guardedConnector(
      allowList,
      options.resolve ?? systemResolve,
      buildConnector({ timeout: options.connectTimeoutMs ?? 5_000 }),
    ),
    // Our own total timeout governs; these only must not cut in first.
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  })
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)

  let headers: Record<string, string> = { ...defaultHeaders }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
  let method: string = options.method ?? 'GET'
  let body = options.body
  let url = String(address)

  try {
    for (let redirects = 0; ; redirects += 1) {
      let target: URL
      try {
        target = new URL(url)
      } catch {
        throw new OutboundRefused('scheme', url)
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundRefused('scheme', url)
      // Credentials in the address would be sent on to whoever it names; Larder never means to.
      target.username = ''
      target.password = ''

      const answer = await request(target, { dispatcher, method, headers, body, signal: controller.signal }).catch(
        (error: unknown) => {
          throw translateFailure(error, url, timedOut, undiciErrors)
        },
      )
      const location = answer.headers.location
      if (redirectStatuses.has(answer.statusCode) && typeof location === 'string') {
        await answer.body.dump().catch(() => undefined)
        if (redirects >= maximumRedirects) throw new OutboundRefused('too-many-redirects', String(address))
        let next: URL
        try {
          next = new URL(location, target)
        } catch {
          throw new OutboundRefused('scheme', location)
        }
        if (next.origin !== target.origin) for (const name of credentialHeaders) delete headers[name]
        // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
        if (
          answer.statusCode === 303 ||
          ((answer.statusCode === 301 || answer.statusCode === 302) && method !== 'GET')
        ) {
          method = 'GET'
          body = undefined
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('content-')))
        }
        url = next.href
        continue
      }
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        await answer.body.dump().catch(() => undefined)
        const retryAfter = answer.headers['retry-after']
        throw new OutboundHttpError(url, answer.statusCode, typeof retryAfter === 'string' ? retryAfter : undefined)
      }
      const responseHeaders = flatHeaders(answer.headers)
      const encoding = (responseHeaders['content-encoding'] ?? '').trim().toLowerCase()
      const content = await readLimited(answer.body, responseHeaders['content-length'], encoding, url, maxBytes).catch(
        (error: unknown) => {
          throw translateFailure(error, url, timedOut, undiciErrors)
        },
      )
      // The body is handed over decoded: these described the bytes on the wire.
      delete responseHeaders['content-encoding']
      delete responseHeaders['content-length']
      const contentType = responseHeaders['content-type']?.split(';')[0]?.trim().toLowerCase() || null
      return { url, status: answer.statusCode, headers: responseHeaders, contentType, body: content }
    }
  } finally {
    clearTimeout(timer)
    void dispatcher.destroy().catch(() => undefined)
  }
}

/**
 * The guard with the instance's settings applied (the allow list from config.ts), for a module to keep in its
 * dependencies; each call may still narrow the options (a smaller size limit for images, say).
 */
export function createOutboundFetch(defaults: OutboundOptions) {
  return (address: string | URL, options: OutboundOptions = {}) => outboundFetch(address, { ...defaults, ...options })
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>
