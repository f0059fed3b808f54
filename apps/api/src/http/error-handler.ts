import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, ValidationFailure } from './errors.js'

function errorBody(message: string) {
  return { detail: { message, error: true as const, exception: null } }
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

/** The one error handler (DESIGN §4). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.message))
    }
    if (error instanceof ValidationFailure) {
      return reply.code(422).send({ detail: error.issues })
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
    if (statusCode >= 400 && statusCode < 500) {
      const message =
        statusCode === 429
          ? 'Too many requests: please wait a moment and try again'
          : describeFrameworkError(error as FastifyError)
      return reply.code(statusCode).send(errorBody(message))
    }
    request.log.error({ err: error, requestId: request.id }, 'request failed')
    return reply
      .code(500)
      .send(errorBody(`Something went wrong on the server. Quote this request id when reporting it: ${request.id}`))
  })

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(errorBody(`No endpoint answers ${request.method} ${request.url.split('?')[0]}`))
  })
}
