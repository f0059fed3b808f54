import { createHmac, randomBytes } from 'node:crypto'

/**
 * Signing as the Standard Webhooks specification says (standardwebhooks.com): a secret is `whsec_` + base64 of random
 * bytes; a signature is `v1,` + base64 HMAC-SHA256, keyed by the secret's bytes, of `${id}.${timestamp}.${body}`.
 */

const secretPrefix = 'whsec_'

/** How long a rotated-out secret keeps signing beside the new one, so that receivers can switch without a gap. */
export const secretOverlapMs = 24 * 60 * 60 * 1000

/** 24 bytes (192 bits): within the specification's 24–64. */
export const newWebhookSecret = (): string => `${secretPrefix}${randomBytes(24).toString('base64')}`

function signature(secret: string, content: string): string {
  const key = Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(content, 'utf8').digest('base64')}`
}

export interface SigningKeys {
  secret: string
  previousSecret: string | null
  previousSecretExpiresAt: Date | null
}

/** The secrets that sign at `now`: the current one, and the rotated-out one while its overlap lasts. */
export function secretsInForce(keys: SigningKeys, now: Date): string[] {
  const previous =
    keys.previousSecret && keys.previousSecretExpiresAt && keys.previousSecretExpiresAt.getTime() > now.getTime()
      ? [keys.previousSecret]
      : []
  return [keys.secret, ...previous]
}

/** The three headers of one signed send; `timestamp` in whole seconds, new on every attempt. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  const content = `${messageId}.${timestamp}.${body}`
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    // Space-separated: a receiver accepts the message when any one matches a secret it holds.
    'webhook-signature': secrets.map((secret) => signature(secret, content)).join(' '),
  }
}
