import i18next from 'i18next'

/** A failed API answer: the status, the person-readable message when the server sent one, and the raw body. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** True when the message has already been shown as an error notification. */
    readonly notified: boolean,
  ) {
    super(message)
  }
}

/** What fetch's TypeError becomes (docs/web.md "Errors the client shows"). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor() {
    super('Network Error')
  }
}

/** `detail.message` of the error envelope (docs/api.md "Errors"), if the body has one. */
export function detailMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const detail = (body as { detail?: unknown }).detail
  if (typeof detail !== 'object' || detail === null) return undefined
  const message = (detail as { message?: unknown }).message
  return typeof message === 'string' && message !== '' ? message : undefined
}

/**
 * The detail message as a person should read it. The query-filter grammar's rejections (docs/mealie-compatibility.md "Query filters") keep
 * Mealie's wording on the wire for its clients, but "'x' is not a valid UUID for 'favorited_by.id'" tells a person
 * nothing they can act on, so the client says in words what went wrong; the raw text stays in `ApiError.body`.
 */
const invalidFilter =
  'This list could not be filtered: the filter asks for something that does not exist or is written wrongly. Check the address or the filter and try again.'

export function readableDetail(message: string): string {
  if (!/^invalid (query|attribute) string: /.test(message)) return message
  // Before the strings load (and in tests without them) i18next answers nothing; English stands in.
  return i18next.isInitialized ? i18next.t('errors.invalidFilter', { defaultValue: invalidFilter }) : invalidFilter
}

/** The `message` of a successful answer, shown as an info notification (docs/web.md "Calls and the HTTP client"). */
export function successMessageOf(body: unknown): { title?: string; text: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const { message, title } = body as { message?: unknown; title?: unknown }
  if (typeof message !== 'string' || message === '') return undefined
  return typeof title === 'string' ? { title, text: message } : { text: message }
}
