// The API as the web tests fake it: answers are keyed by the contract's endpoint objects and typed by what each
// endpoint declares, so a fake answer of the wrong shape fails to compile, like a wrong call does.
import type { BodyInputOf, EndpointDefinition, ResponseOf } from '@larder/contracts'
import { vi } from 'vitest'

/** A schema's input type (zod's `z.input`; the web app does not depend on zod itself). */
type Input<Schema> = Schema extends { _zod: { input: infer Value } } ? Value : null

/** An answer the endpoint declares: a status and the body its contract gives for that status. */
type DeclaredAnswer<E extends EndpointDefinition> = {
  [Status in keyof E['responses'] & number]: { status: Status; body: Input<E['responses'][Status]> }
}[keyof E['responses'] & number]

/** Without a status, the body of the endpoint's success answer, sent with its success status. */
export type FakeAnswer<E extends EndpointDefinition> = DeclaredAnswer<E> | { status?: undefined; body: ResponseOf<E> }

export interface FakeRequest<E extends EndpointDefinition = EndpointDefinition> {
  method: string
  path: string
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>
  search: URLSearchParams
  headers: Headers
  /** Whether the request may outlive the page (fetch's `keepalive`). */
  keepalive: boolean
  /** JSON parsed, forms as plain objects of strings: what the client sent for this endpoint. */
  body: BodyInputOf<E>
}

export type FakeRoute<E extends EndpointDefinition> = FakeAnswer<E> | ((request: FakeRequest<E>) => FakeAnswer<E>)

/** Request bodies as the server would read them: JSON parsed, forms as plain objects of strings. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await request.formData()).entries())
  }
  const text = await request.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The endpoint's path params when `method path` is a call of it, else null. */
function matchEndpoint(endpoint: EndpointDefinition, method: string, path: string): Record<string, string> | null {
  if (endpoint.method !== method) return null
  const names: string[] = []
  const pattern = endpoint.path
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      names.push(name)
      return '([^/]+)'
    })
  const match = new RegExp(`^${pattern}$`).exec(path)
  if (!match) return null
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]))
}

const successStatuses = [200, 201, 202, 204]

interface Registered {
  endpoint: EndpointDefinition
  route: FakeRoute<EndpointDefinition>
}

/**
 * Replaces fetch with the answers given by `answer(endpoint, …)`; calls of any other endpoint get a 404. Every request
 * is recorded in `requests`; `calls(endpoint)` filters them.
 */
export function fakeServer() {
  const routes: Registered[] = []
  const requests: FakeRequest[] = []

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    let found: { registered: Registered; params: Record<string, string> } | null = null
    for (const registered of routes) {
      const params = matchEndpoint(registered.endpoint, method, url.pathname)
      if (params) found = { registered, params }
    }
    const recorded: FakeRequest = {
      method,
      path: url.pathname,
      params: found?.params ?? {},
      search: url.searchParams,
      headers: request.headers,
      keepalive: request.keepalive,
      body: await readBody(request),
    }
    requests.push(recorded)
    if (!found) return Response.json({ detail: 'Not Found' }, { status: 404 })
    const { route, endpoint } = found.registered
    const answer = typeof route === 'function' ? route(recorded) : route
    const status = answer.status ?? successStatuses.find((code) => code in endpoint.responses) ?? 200
    const body =
      answer.body === undefined || answer.body === null || status === 204 ? null : JSON.stringify(answer.body)
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)

  const server = {
    requests,
    /** Answers every call of `endpoint` (the latest answer given for it wins). */
    answer<E extends EndpointDefinition>(endpoint: E, route: FakeRoute<E>) {
      routes.push({ endpoint, route: route as unknown as FakeRoute<EndpointDefinition> })
      return server
    },
    /** The requests that called `endpoint`, oldest first. */
    calls: <E extends EndpointDefinition>(endpoint: E) =>
      requests.filter((request) => matchEndpoint(endpoint, request.method, request.path)) as FakeRequest<E>[],
  }
  return server
}
