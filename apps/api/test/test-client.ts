import {
  buildPath,
  ErrorResponse,
  ValidationErrorResponse,
  type BodyInputOf,
  type EndpointDefinition,
  type ParamsInputOf,
  type QueryInputOf,
} from '@larder/contracts'
import type { OutgoingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'

/** Anyone the test client can act as: a user row (a session is signed for it) or a raw bearer token. */
export type Actor = { id: string } | { token: string }

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : null

/** Every body the endpoint declares, by status. */
type DeclaredBody<E extends EndpointDefinition> = {
  [Status in keyof E['responses']]: Output<E['responses'][Status]>
}[keyof E['responses']]

type SuccessStatus = 200 | 201 | 202 | 204
type SuccessBody<E extends EndpointDefinition> = {
  [Status in keyof E['responses']]: Status extends SuccessStatus ? Output<E['responses'][Status]> : never
}[keyof E['responses']]

export interface CallOptions<E extends EndpointDefinition> {
  params?: ParamsInputOf<E>
  query?: QueryInputOf<E>
  body?: BodyInputOf<E>
  /** The body form-encoded instead of JSON, as browsers and Mealie's clients post a sign-in. */
  form?: Record<string, string>
  /** Who calls; omitted or null calls without credentials. */
  as?: Actor | null
  headers?: Record<string, string>
  cookies?: Record<string, string>
  /** The connection's address, for tests of proxies and rate limits. */
  remoteAddress?: string
}

export interface Answer<E extends EndpointDefinition> {
  status: number
  /** The parsed JSON body, already checked against the schema the contract declares for `status`. */
  body: DeclaredBody<E>
  headers: OutgoingHttpHeaders
  /** The unparsed text, for answers that are not JSON. */
  text: string
  /** The unparsed bytes, for images and files. */
  bytes: Buffer
}

/** Answers every endpoint may give without declaring them: the error handler's shapes (docs/api.md "Errors"). */
const errorShapes: Readonly<Record<number, z.ZodType>> = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ValidationErrorResponse,
  423: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
}

export class ContractMismatch extends Error {}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  at ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n')
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Signs a fresh session for a user, as the app's own sign-in would (`app.issueSession`). */
export type SignSession = (userId: string) => string

/**
 * The API as tests call it: typed by the contracts, signed in without an argon2 round-trip, and every answer checked
 * against the schema its contract declares for the status it came with. A mismatch fails the test with the path.
 */
export function createTestClient(
  app: FastifyInstance,
  signSession: SignSession = (userId) => app.issueSession(userId, false).accessToken,
) {
  // A user acts through a session of its own on every call, so a test that signs one out never breaks the next call.
  const bearerFor = (actor: Actor): string => ('token' in actor ? actor.token : signSession(actor.id))

  async function call<E extends EndpointDefinition>(endpoint: E, options: CallOptions<E> = {}): Promise<Answer<E>> {
    const url =
      buildPath(endpoint.path, options.params as Record<string, string> | undefined) + queryString(options.query)
    const headers: Record<string, string> = { ...options.headers }
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (options.as) headers.authorization = `Bearer ${bearerFor(options.as)}`
    const response = await app.inject({
      method: endpoint.method,
      url,
      headers,
      ...(options.cookies ? { cookies: options.cookies } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    })
    const label = `${endpoint.method} ${endpoint.path} answered ${response.statusCode}`
    // A 503 (busy pool, not ready) and a 5xx the contract declares (a provider that does not answer: 502) are
    // designed answers; any other 5xx is a fault the test must not pass over.
    const designed = response.statusCode === 503 || endpoint.responses[response.statusCode] !== undefined
    if (response.statusCode >= 500 && !designed) throw new ContractMismatch(`${label}: ${response.body}`)

    const declared = endpoint.responses[response.statusCode]
    const schema = declared === undefined ? errorShapes[response.statusCode] : declared
    if (schema === undefined) {
      throw new ContractMismatch(`${label}, a status its contract does not declare: ${response.body}`)
    }
    const contentType = String(response.headers['content-type'] ?? '')
    let body: unknown = null
    if (schema !== null) {
      if (!contentType.includes('json')) throw new ContractMismatch(`${label} with ${contentType}, not JSON`)
      body = response.json()
      const checked = schema.safeParse(body)
      if (!checked.success) {
        throw new ContractMismatch(`${label}, not matching its contract:\n${describeIssues(checked.error)}`)
      }
    }
    return {
      status: response.statusCode,
      body: body as DeclaredBody<E>,
      headers: response.headers,
      text: response.body,
      bytes: response.rawPayload,
    }
  }

  return {
    call,
    /**
     * Calls and insists on a success status; returns the success body, typed. The status is one the contract declares
     * (any other fails the call), so for an endpoint that declares only 201, `ok` also asserts the 201.
     */
    async ok<E extends EndpointDefinition>(endpoint: E, options: CallOptions<E> = {}): Promise<SuccessBody<E>> {
      const answer = await call(endpoint, options)
      if (answer.status >= 300) {
        throw new Error(`${endpoint.method} ${endpoint.path} answered ${answer.status}: ${answer.text}`)
      }
      return answer.body as SuccessBody<E>
    },
    /** A session of its own for the user, for tests about that one session (signing out, cookies, raw requests). */
    session(user: { id: string }) {
      const token = signSession(user.id)
      return { token, authorization: `Bearer ${token}` }
    },
    /** The bearer header a raw `app.inject` would need to act as this user. */
    authorization: (actor: Actor) => `Bearer ${bearerFor(actor)}`,
  }
}

export type TestClient = ReturnType<typeof createTestClient>
