import { randomUUID } from 'node:crypto'
import type { Caller } from '../../http/authentication.js'
import type { Database } from '../../db/client.js'
import type { Access } from '../access/index.js'
import type { ApiTokenRepo } from './api-tokens.repo.js'
import { hashToken } from '../../lib/token-hash.js'

/** Mealie's long-lived tokens last five years; revoking deletes the row, which the next request notices. */
export const apiTokenLifetimeSeconds = 1825 * 24 * 3600

export type SignApiToken = (
  claims: { long_token: true; id: string; name: string; integration_id: string; jti: string },
  lifetimeSeconds: number,
) => string

export function createApiTokenService(deps: {
  db: Database
  apiTokens: ApiTokenRepo
  access: Access
  signApiToken: SignApiToken
}) {
  const { db, apiTokens, access, signApiToken } = deps
  return {
    async create(caller: Caller, name: string, integrationId: string) {
      const token = signApiToken(
        // A random id (jti) in every token: two tokens of one name signed in the same second would otherwise be
        // identical, and the second would hit the unique index on the token's hash.
        { long_token: true, id: caller.userId, name, integration_id: integrationId, jti: randomUUID() },
        apiTokenLifetimeSeconds,
      )
      const row = await apiTokens.insert(db, caller, { name, integrationId, tokenHash: hashToken(token) })
      return { token, name: row.name, id: row.id, createdAt: row.createdAt.toISOString() }
    },

    async delete(caller: Caller, tokenId: number) {
      // Another person's token: an admin may revoke it, anyone else learns nothing about it.
      const [row] = await access.requireApiTokenRevocation(db, caller, [tokenId])
      await apiTokens.deleteAny(db, [tokenId])
      return { tokenDelete: row!.name }
    },
  }
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>
