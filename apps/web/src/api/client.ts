import ky, { HTTPError, type KyInstance } from 'ky'
import { ApiError, NetworkError, detailMessageOf, readableDetail, successMessageOf } from './api-error'
import type { NotificationMessage } from '@/notifications/notification-store'

/** docs/web.md "Calls and the HTTP client": one retry, only for requests without a body, on these statuses. */
export const retryStatusCodes = [408, 409, 425, 429, 500, 502, 503, 504]
export const retryMethods = ['get', 'head', 'options']
/** Methods that change nothing: the server asks no XSRF header of them (docs/security.md "Identity and permissions"). */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface HttpClientOptions {
  /** Origin the base path `/` is resolved against; the page's own origin in the app. */
  origin: string
  getToken: () => string | null
  notify: (message: NotificationMessage) => void
  /** Reads a cookie by name; document.cookie in the app. */
  readCookie: (name: string) => string | undefined
  fetch?: typeof fetch
  /** Delay before the retry, in ms; tests set 0. */
  retryDelay?: number
  /**
   * True while the device says it has no network (`navigator.onLine` false in the app). A request that did not get
   * through then is not retried: the retry would fail the same way, only later, and every read on an offline start
   * (the session, the theme) would hold the first screen back by the retry's delay (issue #32: a kept list opened
   * with no network shows in under 500 ms).
   */
  isOffline?: () => boolean
}

export interface SendOptions {
  method: string
  /** Path below the base, e.g. `/api/users/self`. */
  path: string
  searchParams?: URLSearchParams
  json?: unknown
  body?: FormData
  /** False for calls whose failure is expected and handled quietly (the session probe). */
  notify?: boolean
  /** Extra request headers, e.g. the `Idempotency-Key` an offline write keeps across its retries. */
  headers?: Record<string, string>
  /** Lets the request outlive the page (a goodbye sent as the tab closes): fetch's `keepalive`. */
  keepalive?: boolean
}

export interface HttpClient {
  ky: KyInstance
  send: (options: SendOptions) => Promise<unknown>
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = ky.create({
    prefixUrl: new URL('/', options.origin).href,
    credentials: 'include',
    timeout: false,
    retry: {
      limit: 1,
      methods: retryMethods,
      statusCodes: retryStatusCodes,
      // undefined: ky's own rules above decide.
      shouldRetry: ({ error }) => (error instanceof TypeError && options.isOffline?.() ? false : undefined),
      ...(options.retryDelay === undefined ? {} : { delay: () => options.retryDelay ?? 0 }),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken()
          if (token) request.headers.set('Authorization', `Bearer ${token}`)
          // Only requests that change state must echo the XSRF cookie (docs/security.md "Identity and permissions"); reading document.cookie is a
          // round trip to the browser process, which every read on a page's first load would pay.
          if (safeMethods.has(request.method)) return
          const xsrf = options.readCookie('XSRF-TOKEN')
          if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf)
        },
      ],
    },
  })

  async function send(request: SendOptions): Promise<unknown> {
    const notify = request.notify ?? true
    let response: Response
    try {
      response = await instance(request.path.replace(/^\//, ''), {
        method: request.method,
        ...(request.searchParams ? { searchParams: request.searchParams } : {}),
        ...(request.json === undefined ? {} : { json: request.json }),
        ...(request.body ? { body: request.body } : {}),
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.keepalive ? { keepalive: true } : {}),
      })
    } catch (error) {
      throw await translateError(error, notify)
    }
    const body = await readBody(response)
    const message = successMessageOf(body)
    if (message && notify) options.notify({ ...message, color: 'info' })
    return body
  }

  async function translateError(error: unknown, notify: boolean): Promise<unknown> {
    if (error instanceof TypeError) return new NetworkError()
    if (!(error instanceof HTTPError)) return error
    const body = await readBody(error.response).catch(() => null)
    const detail = detailMessageOf(body)
    const detailMessage = detail === undefined ? undefined : readableDetail(detail)
    if (detailMessage && notify) options.notify({ text: detailMessage, color: 'error' })
    return new ApiError(
      error.response.status,
      detailMessage ?? `${error.response.status} ${error.response.statusText}`.trim(),
      body,
      Boolean(detailMessage && notify),
    )
  }

  return { ky: instance, send }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  if (!isJson) return text
  return JSON.parse(text) as unknown
}
