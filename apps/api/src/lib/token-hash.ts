import { createHash } from 'node:crypto'

/**
 * What the database keeps of a bearer secret (invitation, session, login): its SHA-256 in hex. The secrets are long
 * and random, so a fast hash is enough, and a stolen table holds nothing that can be presented back to the server.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
