import type { BodyOf, EndpointDefinition, Guard, ParamsOf, QueryOf, ResponseOf } from '@larder/contracts'
import { unsafeInputIssues, withDeclaredKeys } from '@larder/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { deferredResponseSchemasFor } from './answer-contract.js'
import type { Caller } from './authentication.js'
import { xsrfCookie, xsrfHeader } from './authentication.js'
import { forbidden, HttpError, ValidationFailure } from './errors.js'
import { requireGuards } from './guards.js'
import { PreserializedJson, sendPreserialized } from './preserialized-json.js'
import { readUploadParts } from './upload-form.js'

export interface HandlerContext<E extends EndpointDefinition, C> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  caller: C
  request: FastifyRequest
  reply: FastifyReply
}

type CallerFor<E extends EndpointDefinition> = E['auth'] extends 'public' ? Caller | null : Caller

export type EndpointHandler<E extends EndpointDefinition> = (
  context: HandlerContext<E, CallerFor<E>>,
) => Promise<Answer<E>> | Answer<E>

/** What a handler returns: the answer, one already serialised (preserialized-json.ts), or a reply it sent itself. */
type Answer<E extends EndpointDefinition> = ResponseOf<E> | PreserializedJson<ResponseOf<E>> | FastifyReply

/** Files sent to a form that takes none are drained unread; past this size they are refused (413). */
const maximumFormFileBytes = 1024 * 1024

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Text no column can store (NUL, lone surrogates) and nesting deeper than any contract are refused in every part,
 * before any schema or handler walks it.
 */
function refuseUnsafeInput(value: unknown, location: string) {
  const issues = unsafeInputIssues(value, [location])
  if (issues.length > 0) throw new ValidationFailure(issues)
}

function parsePart<Schema extends z.ZodType>(schema: Schema | undefined, value: unknown, location: string) {
  if (!schema) return undefined
  // Bodies accept each field in camelCase and in snake_case, nested too (docs/architecture.md "Contracts").
  const input = location === 'body' ? withDeclaredKeys(schema, value ?? {}) : (value ?? {})
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new ValidationFailure(
    result.error.issues.map((issue) => ({
      loc: [location, ...issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))],
      msg: issue.message,
      type: issue.code,
    })),
  )
}

function isJsonContentType(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')
}

/** Cookie-authenticated requests that change state must echo the XSRF cookie in a header (docs/security.md "Identity and permissions"). */
export function requireXsrf(request: FastifyRequest, caller: Caller) {
  if (caller.carrier !== 'cookie' || !stateChangingMethods.has(request.method)) return
  const cookieValue = request.cookies[xsrfCookie]
  const headerValue = request.headers[xsrfHeader]
  if (!cookieValue || typeof headerValue !== 'string' || headerValue !== cookieValue) {
    throw forbidden('Missing or wrong X-XSRF-TOKEN header for a cookie-authenticated request')
  }
}

export interface EndpointOptions {
  /** Requests per minute from one client address; the auth endpoints use it against guessing (docs/security.md "Security rules"). */
  requestsPerMinute?: number
}

/**
 * Binds a contract to a handler: authentication, guards, XSRF, validation of params, query and body from the
 * contract's schemas, then the handler; its answer is serialised from the schema declared for its status. Routes
 * stay thin; this is the only place requests are checked.
 * Public endpoints do not look up the caller: a handler that wants one asks `request.optionalCaller()`.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  definition: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  // Worked out once per route, not per request: this wrapper runs on every call of the API.
  const guards: readonly Guard[] =
    definition.auth === 'admin' ? ['admin', ...(definition.guards ?? [])] : (definition.guards ?? [])
  const successStatus = Object.keys(definition.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300)

  const responseSchemas = deferredResponseSchemasFor(definition)

  app.route({
    method: definition.method,
    url: definition.path,
    // Answers are written from the schema declared for their status (answer-contract.ts).
    ...(responseSchemas ? { schema: { response: responseSchemas } } : {}),
    config: {
      endpoint: definition,
      ...(options.requestsPerMinute ? { rateLimit: { max: options.requestsPerMinute, timeWindow: 60_000 } } : {}),
    },
    handler: async (request, reply) => {
      let caller: Caller | null = null
      if (definition.auth !== 'public') {
        caller = await request.requireCaller()
        requireXsrf(request, caller)
        requireGuards(caller, guards)
      }

      let rawBody: unknown = request.body
      if (definition.body) {
        if (definition.bodyEncoding === 'form') {
          // File parts are drained: endpoints that take files declare `multipart` and read them through the reader.
          if (request.isMultipart())
            rawBody = (await readUploadParts(request, [], { fileBytes: maximumFormFileBytes })).fields
        } else if (request.body !== undefined && !isJsonContentType(request)) {
          throw new HttpError(415, 'This endpoint takes a JSON body (Content-Type: application/json)')
        }
      }
      refuseUnsafeInput(request.params, 'path')
      refuseUnsafeInput(request.query, 'query')
      refuseUnsafeInput(rawBody, 'body')
      const params = parsePart(definition.params, request.params, 'path')
      const query = parsePart(definition.query, request.query, 'query')
      const body = parsePart(definition.body, rawBody, 'body')

      // Handlers that take uploads read the multipart stream themselves, through the upload reader.
      const result = await handler({
        params,
        query,
        body,
        caller: caller as CallerFor<E>,
        request,
        reply,
      } as HandlerContext<E, CallerFor<E>>)
      if (reply.sent) return reply
      if (reply.statusCode === 200 && successStatus && successStatus !== 200) reply.code(successStatus)
      if (result instanceof PreserializedJson) return sendPreserialized(reply, result)
      return result ?? null
    },
  })
}
