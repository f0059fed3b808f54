import { sendPlainMail } from '../../lib/mail.js'
import {
  guardedAddress,
  OutboundHttpError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
  outboundFetch,
} from '../../lib/outbound-fetch.js'
import type { DeliveryTransport } from './senders.js'

/** How long one notifier request may take, as Mealie gives a webhook. */
const timeoutMs = 15_000

/**
 * The production transport: every request through the outbound fetch guard, every mail through the mailer's sender
 * after the same guard checked the SMTP server's address (docs/security.md "Security rules").
 */
export function createDeliveryTransport(options: { allowList: readonly string[] }): DeliveryTransport {
  return {
    async http(call) {
      const answer = await outboundFetch(call.url, {
        allowList: options.allowList,
        method: call.method,
        headers: { accept: 'application/json, */*;q=0.5', 'user-agent': 'Larder', ...call.headers },
        ...(call.body !== undefined && { body: call.body }),
        timeoutMs,
        maxBytes: 1024 * 1024,
      })
      return { status: answer.status, body: answer.body.toString('utf8') }
    },
    async mail(call) {
      const address = await guardedAddress(call.host, call.port, { allowList: options.allowList })
      await sendPlainMail(
        { address, serverName: call.host, port: call.port, security: call.security, auth: call.auth },
        { from: call.from, to: call.to, subject: call.subject, text: call.text },
      )
    },
  }
}

/**
 * A failure as the delivery history records it: the receiver's status where it answered, and a sentence that never
 * repeats the URL (its path and query hold the receiver's tokens).
 */
export function describeFailure(error: unknown): { responseCode: number | null; error: string } {
  if (error instanceof OutboundHttpError) {
    return { responseCode: error.status, error: `The receiver answered ${error.status}` }
  }
  if (error instanceof OutboundRefused) {
    return {
      responseCode: null,
      error:
        error.reason === 'private-address'
          ? 'The receiver is not on the public internet; HTTP_ALLOW_LIST can permit it'
          : error.reason === 'too-many-redirects'
            ? 'The receiver redirected too many times'
            : 'The receiver is not an http or https address',
    }
  }
  if (error instanceof OutboundTimeout) return { responseCode: null, error: 'The receiver did not answer in time' }
  if (error instanceof OutboundTooLarge) return { responseCode: null, error: 'The receiver answered with too much' }
  if (error instanceof Error && error.name === 'OutboundUnreachable') {
    return { responseCode: null, error: 'The receiver could not be reached' }
  }
  const message = error instanceof Error ? error.message : String(error)
  // Mail servers answer with a code and a sentence (`535 Authentication failed`).
  const smtpCode = (error as { responseCode?: unknown } | null)?.responseCode
  return { responseCode: typeof smtpCode === 'number' ? smtpCode : null, error: message.slice(0, 500) }
}
