/**
 * What the outbound fetch guard (outbound-fetch.ts) throws: every failure is one of these, so a caller maps each to a
 * clear 4xx (a refused or unreachable address is the user's input, not the server's fault) and never answers 500.
 */

/** Redirects followed before giving up; a chain longer than this is a loop or a trap. */
export const maximumRedirects = 5

/** Everything the guard refuses or fails with; callers map each class to a clear 4xx. */
export class OutboundError extends Error {}

export type RefusalReason = 'private-address' | 'scheme' | 'too-many-redirects'

/** The request was not made: a non-public address, a scheme other than http(s), or too many redirects. */
export class OutboundRefused extends OutboundError {
  constructor(
    readonly reason: RefusalReason,
    readonly url: string,
  ) {
    super(
      reason === 'private-address'
        ? `${url} leads to an address that is not on the public internet`
        : reason === 'scheme'
          ? `${url} is not an http or https address`
          : `${url} redirects more than ${maximumRedirects} times`,
    )
    this.name = 'OutboundRefused'
  }
}

/** The whole exchange (or its connection) took longer than allowed. */
export class OutboundTimeout extends OutboundError {
  constructor(readonly url: string) {
    super(`${url} did not answer in time`)
    this.name = 'OutboundTimeout'
  }
}

/** The answer is larger than allowed: declared so, or found so while reading it. */
export class OutboundTooLarge extends OutboundError {
  constructor(
    readonly url: string,
    readonly maxBytes: number,
  ) {
    super(`${url} answered with more than ${maxBytes} bytes`)
    this.name = 'OutboundTooLarge'
  }
}

/** The server answered, with a status other than 2xx. */
export class OutboundHttpError extends OutboundError {
  constructor(
    readonly url: string,
    readonly status: number,
    /** The answer's Retry-After header, when it sent one (a webhook's next attempt waits for it). */
    readonly retryAfter?: string,
  ) {
    super(`${url} answered ${status}`)
    this.name = 'OutboundHttpError'
  }
}

/** The host could not be reached: no such name, connection refused, TLS failure, connection dropped. */
export class OutboundUnreachable extends OutboundError {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`${url} could not be reached`, { cause })
    this.name = 'OutboundUnreachable'
  }
}
