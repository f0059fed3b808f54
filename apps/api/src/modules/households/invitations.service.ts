import { randomBytes } from 'node:crypto'
import type { InvitationSummary, ReadInviteToken } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { Mailer } from '../../lib/mail.js'
import { hashToken } from '../../lib/token-hash.js'
import type { Access } from '../access/index.js'
import type { InvitationRepo } from './invitations.repo.js'

/** Mealie purges invitations after four days. */
const invitationLifetimeMs = 4 * 24 * 3600 * 1000

/**
 * Only a hash of each token is stored (like reset and API tokens), so the token itself is answered once, when it is
 * created; listed invitations show an empty token. Mealie's clients build the invite link from the creation answer.
 */
function toReadInviteToken(
  row: { usesLeft: number; groupId: string; householdId: string },
  token = '',
): ReadInviteToken {
  return { token, usesLeft: row.usesLeft, groupId: row.groupId, householdId: row.householdId }
}

export function createInvitationService(deps: {
  db: Database
  invitations: InvitationRepo
  access: Access
  mailer: Mailer
  baseUrl: string
}) {
  const { db, invitations, access, mailer, baseUrl } = deps

  return {
    async list(caller: Caller): Promise<ReadInviteToken[]> {
      return (await invitations.listForHousehold(db, caller)).map((row) => toReadInviteToken(row))
    },

    async create(caller: Caller, uses: number): Promise<ReadInviteToken> {
      const token = randomBytes(24).toString('base64url')
      const row = await invitations.insert(db, caller, {
        tokenHash: hashToken(token),
        usesLeft: uses,
        expiresAt: new Date(Date.now() + invitationLifetimeMs),
      })
      return toReadInviteToken(row, token)
    },

    /** Mails a link to join; only an invitation of the caller's own household may be sent (Mealie does not check). */
    async email(caller: Caller, email: string, token: string): Promise<{ success: boolean; error: string | null }> {
      await access.requireOwnHouseholdInvitations(db, caller, [hashToken(token)])
      if (!mailer.ready) return { success: false, error: null }
      try {
        await mailer.send({
          to: email,
          subject: 'Invitation to join Larder',
          heading: "You're invited!",
          message:
            "You've been invited to join a household on Larder, to share recipes, meal plans and shopping lists.",
          button: {
            text: 'Accept Invitation',
            link: `${baseUrl.replace(/\/$/, '')}/register?token=${encodeURIComponent(token)}`,
          },
          footer: 'If you did not expect this invitation, you can ignore this mail.',
        })
        return { success: true, error: null }
      } catch (error) {
        return { success: false, error: error instanceof Error ? error.message : String(error) }
      }
    },

    /**
     * What a usable invitation joins, for the registration page. Unknown, spent and expired tokens all answer the
     * same 404, so that the answer tells a guesser nothing but "no".
     */
    async describe(token: string): Promise<InvitationSummary> {
      const names = await invitations.findUsableNames(db, hashToken(token))
      if (!names) throw notFound('This invitation is not valid: it may have expired or been used already')
      return names
    },

    findUsable: (executor: Executor, token: string) => invitations.findUsable(executor, hashToken(token)),
    spendOne: (executor: Executor, tokenId: number) => invitations.spendOne(executor, tokenId),
  }
}

export type InvitationService = ReturnType<typeof createInvitationService>
