/**
 * The one way to fail on purpose. Services throw these; the error handler turns them into the shapes of docs/api.md "Errors":
 * `{"detail": {"message", "error": true, "exception": null}}` with the status code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Could not validate credentials') =>
  new HttpError(401, message, { 'www-authenticate': 'Bearer' })
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const locked = (message: string) => new HttpError(423, message)
export const tooManyRequests = (message = 'Too many requests: please wait a moment and try again') =>
  new HttpError(429, message)

/** A 422 in FastAPI's shape, for rules a schema cannot express. */
export class ValidationFailure extends Error {
  constructor(readonly issues: ReadonlyArray<{ loc: (string | number)[]; msg: string; type: string }>) {
    super('Validation failed')
    this.name = 'ValidationFailure'
  }
}
