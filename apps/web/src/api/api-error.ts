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

/** What fetch's TypeError becomes (product spec §8). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor() {
    super('Network Error')
  }
}

/** `detail.message` of DESIGN §4's error envelope, if the body has one. */
export function detailMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const detail = (body as { detail?: unknown }).detail
  if (typeof detail !== 'object' || detail === null) return undefined
  const message = (detail as { message?: unknown }).message
  return typeof message === 'string' && message !== '' ? message : undefined
}

/** The `message` of a successful answer, shown as an info notification (product spec §7). */
export function successMessageOf(body: unknown): { title?: string; text: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const { message, title } = body as { message?: unknown; title?: unknown }
  if (typeof message !== 'string' || message === '') return undefined
  return typeof title === 'string' ? { title, text: message } : { text: message }
}
