import { randomBytes } from 'node:crypto'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { badRequest, notFound } from '../../http/errors.js'
import type { Mailer } from '../../lib/mail.js'
import { hashPassword } from '../../lib/passwords.js'
import type { PasswordResetRepo } from './password-reset.repo.js'
import type { UserRepo } from './repo.js'
import { hashToken } from '../../lib/token-hash.js'

export function createPasswordResetService(deps: {
  db: Database
  users: UserRepo
  resets: PasswordResetRepo
  mailer: Mailer
  baseUrl: string
  log: (message: string, error?: unknown) => void
}) {
  const { db, users, resets, mailer, baseUrl, log } = deps

  /** Only the hash is stored: a leaked database does not hand out working reset links. */
  async function issueToken(userId: string): Promise<string> {
    const token = randomBytes(24).toString('base64url')
    await resets.insert(db, userId, hashToken(token))
    return token
  }

  return {
    /**
     * Mails a reset link. Answers the same whether or not the account exists, and for LDAP and OIDC accounts (which
     * have no password here) sends nothing; a mail failure is logged, not revealed.
     */
    async requestReset(email: string): Promise<void> {
      const user = email ? await users.findByEmail(db, email) : null
      if (!user || user.authMethod !== 'Mealie' || !mailer.ready) return
      const token = await issueToken(user.id)
      try {
        await mailer.send({
          to: user.email,
          subject: 'Larder: reset your password',
          heading: 'Reset your password',
          message: 'Someone asked to reset the password of your Larder account. The link works for two days.',
          button: { text: 'Reset Password', link: `${baseUrl.replace(/\/$/, '')}/reset-password?token=${token}` },
          footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
        })
      } catch (error) {
        log('could not send a password-reset mail', error)
      }
    },

    /** Replaces the password, spends every reset token of the account, lifts a lock and ends other sessions. */
    async reset(token: string, email: string, password: string): Promise<void> {
      const row = await resets.findValid(db, hashToken(token))
      if (!row) throw badRequest('Invalid token')
      const user = await users.findAnyById(db, row.userId)
      if (!user || (email && user.email !== email.trim().toLowerCase())) throw badRequest('Invalid token')
      const passwordHash = await hashPassword(password)
      await inTransaction(db, async (transaction) => {
        await users.updateAny(transaction, user.id, {
          passwordHash,
          passwordChangedAt: new Date(),
          failedLoginAttempts: 0,
          lockedAt: null,
        })
        await resets.deleteForUser(transaction, user.id)
      })
    },

    /** For administrators: a token to hand over in person; no mail is sent. */
    async adminToken(email: string): Promise<string> {
      const user = await users.findByEmail(db, email)
      if (!user) throw notFound('No user with this email')
      if (user.authMethod === 'LDAP') throw badRequest('This user signs in with LDAP and has no password here')
      return issueToken(user.id)
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
