import type { Database } from '../../db/client.js'
import { isSealed, type SecretSealer } from '../../lib/sealed-secrets.js'
import { webhookRepo, type WebhookRow } from './repo.js'
import type { SigningKeys } from './signing.js'

/**
 * Webhook signing secrets at rest (lib/sealed-secrets.ts): sealed in `secret` and `previous_secret`, opened to sign
 * and to answer. A row from before sealing holds its secret plainly until `sealPlainWebhookSecrets` runs at start-up;
 * it is read as it is meanwhile.
 */
export interface WebhookSecrets {
  seal(secret: string): string
  /** The secret, or null when it cannot be opened (the instance secret changed): rotating gives a new one. */
  open(stored: string): string | null
}

export function createWebhookSecrets(sealer: SecretSealer): WebhookSecrets {
  return {
    seal: (secret) => sealer.seal(secret),
    open(stored) {
      if (!isSealed(stored)) return stored
      try {
        return sealer.open(stored)
      } catch {
        return null
      }
    },
  }
}

/** The keys that sign a webhook's messages, opened; null when its current secret cannot be. */
export function signingKeysOf(secrets: WebhookSecrets, row: WebhookRow): SigningKeys | null {
  const secret = secrets.open(row.secret)
  if (secret === null) return null
  const previousSecret = row.previousSecret === null ? null : secrets.open(row.previousSecret)
  return { secret, previousSecret, previousSecretExpiresAt: previousSecret ? row.previousSecretExpiresAt : null }
}

/** Seals the secrets of rows written before sealing (every household's: a step of the instance's start-up). */
export async function sealPlainWebhookSecrets(db: Database, secrets: WebhookSecrets): Promise<number> {
  const rows = await webhookRepo.allWithPlainSecrets(db)
  for (const row of rows) {
    await webhookRepo.resealSecrets(db, row.id, {
      secret: isSealed(row.secret) ? row.secret : secrets.seal(row.secret),
      previousSecret:
        row.previousSecret === null || isSealed(row.previousSecret)
          ? row.previousSecret
          : secrets.seal(row.previousSecret),
      plainSecret: row.secret,
    })
  }
  return rows.length
}
