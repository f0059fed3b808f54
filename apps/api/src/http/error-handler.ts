import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isForeignKeyViolation, loggableDatabaseError, poolTimeoutOf, uniqueViolationOf } from '../db/errors.js'
import { HttpError, ValidationFailure } from './errors.js'
import { lingerOverRefusedBody } from './lingering-close.js'

function errorBody(message: string) {
  return { detail: { message, error: true as const, exception: null } }
}

/**
 * What a person is told when a unique index refuses their write (docs/architecture.md "Data": the indexes decide uniqueness, so two
 * requests racing for one name get one success and one 409, never a 500). New unique indexes add their sentence here.
 */
const uniqueConflictMessages: Record<string, string> = {
  users_username_key: 'This username is already taken',
  users_email_key: 'This email is already in use',
  groups_name_key: 'A group with this name already exists',
  groups_slug_key: 'A group with this name already exists',
  households_group_name_key: 'A household with this name already exists in this group',
  households_group_slug_key: 'A household with this name already exists in this group',
  categories_group_name_key: 'A category with this name already exists',
  categories_group_slug_key: 'A category with a name that makes the same slug already exists',
  tags_group_name_key: 'A tag with this name already exists',
  tags_group_slug_key: 'A tag with a name that makes the same slug already exists',
  tools_group_name_key: 'A tool with this name already exists',
  tools_group_slug_key: 'A tool with a name that makes the same slug already exists',
  ingredient_foods_group_name_key: 'A food with this name already exists',
  ingredient_units_group_name_key: 'A unit with this name already exists',
  multi_purpose_labels_group_name_key: 'A label with this name already exists',
}

/** Messages a person can act on, for the client errors Fastify raises before our handlers run. */
function describeFrameworkError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but its content type says JSON'
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return `The request body is not valid JSON: ${error.message}`
    default:
      if (error instanceof SyntaxError) return `The request body is not valid JSON: ${error.message}`
      return error.message
  }
}

/** The one error handler (docs/api.md "Errors"). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.message))
    }
    if (error instanceof ValidationFailure) {
      return reply.code(422).send({ detail: error.issues })
    }
    const constraint = uniqueViolationOf(error)
    if (constraint !== null) {
      const message = uniqueConflictMessages[constraint] ?? 'This conflicts with an existing entry that must be unique'
      return reply.code(409).send(errorBody(message))
    }
    if (isForeignKeyViolation(error)) {
      // The transaction was rolled back whole: nothing was written, and the caller may try again once it is free.
      return reply.code(409).send(errorBody('This is still used by other entries, or what it refers to is gone'))
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
    if (statusCode >= 400 && statusCode < 500) {
      if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') lingerOverRefusedBody(request, reply)
      const message =
        statusCode === 429
          ? 'Too many requests: please wait a moment and try again'
          : describeFrameworkError(error as FastifyError)
      return reply.code(statusCode).send(errorBody(message))
    }
    // A database error's own message carries the query's parameters (password hashes, tokens): log only its shape.
    request.log.error({ err: loggableDatabaseError(error) ?? error, requestId: request.id }, 'request failed')
    if (poolTimeoutOf(error)) {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(`The server is too busy to answer right now; try again in a moment (request id ${request.id})`))
    }
    return reply
      .code(500)
      .send(errorBody(`Something went wrong on the server. Quote this request id when reporting it: ${request.id}`))
  })

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(errorBody(`No endpoint answers ${request.method} ${request.url.split('?')[0]}`))
  })
}
