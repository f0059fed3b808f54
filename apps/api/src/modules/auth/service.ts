import { randomBytes } from 'node:crypto'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { locked, unauthorized } from '../../http/errors.js'
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js'
import type { UserRecord, UserRepo } from '../users/index.js'
import type { ExternalAccounts } from './external-accounts.service.js'
import type { LdapDirectory } from './ldap.client.js'
import { createSignInAttempts } from './sign-in-attempts.repo.js'
import type { IssuedSession, IssueSession } from './sessions.service.js'

export type { IssuedSession, SignToken } from './sessions.service.js'

const wrongCredentials = () => unauthorized('Wrong username, email or password')
const lockedOut = () =>
  locked('This account is locked after too many failed sign-ins. Try again later or ask an administrator.')

export function createAuthService(deps: {
  config: Config
  db: Database
  users: UserRepo
  issueSession: IssueSession
  ldap: LdapDirectory | null
  externalAccounts: ExternalAccounts
}) {
  const { config, db, users, issueSession, ldap, externalAccounts } = deps
  const attempts = createSignInAttempts(db, {
    maximumAttempts: config.SECURITY_MAX_LOGIN_ATTEMPTS,
    lockoutSeconds: config.SECURITY_USER_LOCKOUT_TIME * 3600,
  })

  /**
   * LDAP sign-in (docs/mealie-compatibility.md "Authentication"): the directory vouches for the password; the account is created on the first
   * sign-in and its admin flag follows LDAP_ADMIN_FILTER at every one. Null when the directory refuses.
   */
  async function signInWithDirectory(
    directory: LdapDirectory,
    login: string,
    password: string,
    localUser: UserRecord | null,
  ): Promise<UserRecord | null> {
    const person = await directory.authenticate(login, password)
    if (!person) return null
    // Signing in by email the first time and by id later (or the reverse) must reach the same account.
    let user = localUser ?? (person.username ? await users.findByLogin(db, person.username) : null)
    if (user && user.authMethod !== 'LDAP') return null
    if (!user) {
      if (!person.username || !person.fullName || !person.email) return null
      user = await externalAccounts.create({
        username: person.username,
        fullName: person.fullName,
        email: person.email,
        authMethod: 'LDAP',
        admin: person.admin ?? false,
      })
    } else if (person.admin !== null) {
      await externalAccounts.syncAdmin(user, person.admin)
    }
    return user
  }

  return {
    /**
     * Forgets what no longer matters (run hourly by the auth clean-up job): counts of unknown logins no lock can follow
     * from any more, and revocations of sessions that have expired anyway.
     */
    async cleanUp() {
      await attempts.forgetStaleLogins()
      await users.forgetExpiredRevocations(db)
    },

    /**
     * Password sign-in (docs/mealie-compatibility.md "Authentication"): username or email in any case. With LDAP on, LDAP accounts are checked by the
     * directory alone and never locked by Larder (the directory keeps its own count). Every other sign-in first claims
     * an attempt (sign-in-attempts.ts), so a locked login answers 423 before any password is checked, whether or not
     * the account exists; people without an account then get the directory's check (their first LDAP sign-in) and
     * otherwise a dummy one, so that an unknown login costs the time of a wrong password.
     */
    async signInWithPassword(login: string, password: string, rememberMe: boolean): Promise<IssuedSession> {
      if (!config.ALLOW_PASSWORD_LOGIN) {
        await verifyPassword(null, password)
        throw unauthorized('Password sign-in is turned off on this server')
      }
      const user = login.trim() ? await users.findByLogin(db, login) : null
      if (ldap && user?.authMethod === 'LDAP') {
        const directoryUser = await signInWithDirectory(ldap, login, password, user)
        if (directoryUser) return issueSession(directoryUser.id, rememberMe)
        await verifyPassword(null, password)
        throw wrongCredentials()
      }
      if (!user || user.authMethod !== 'Mealie' || !user.passwordHash) {
        const slot = await attempts.claimForLogin(login)
        if (slot === null) throw lockedOut()
        // Someone the directory knows may sign in for the first time; they are counted like anyone unknown until then.
        const directoryUser = ldap && !user ? await signInWithDirectory(ldap, login, password, null) : null
        if (directoryUser) return issueSession(directoryUser.id, rememberMe)
        await verifyPassword(null, password)
        throw wrongCredentials()
      }
      const slot = await attempts.claimForUser(user.id)
      if (slot === null) throw lockedOut()
      if (!(await verifyPassword(user.passwordHash, password))) throw wrongCredentials()
      if (!(await attempts.succeed(user.id, slot))) throw lockedOut()
      // A password restored from Mealie is a bcrypt hash: now that the password is known, keep it as argon2 instead.
      // Not a password change: sessions issued before stay valid.
      if (needsRehash(user.passwordHash)) {
        await users.updateAny(db, user.id, { passwordHash: await hashPassword(password) })
      }
      return issueSession(user.id, rememberMe)
    },

    /**
     * A new session for a signed-in session only: an API token is refused, or it would buy a session that outlives
     * the token's revocation.
     */
    refresh(caller: Caller): IssuedSession {
      if (!caller.session) {
        throw unauthorized('Only a sign-in session can be refreshed; an API token is used as it is until revoked.')
      }
      return issueSession(caller.userId, false)
    },

    /** Ends the session the request came with, for good: its token is refused from now on, wherever it is kept. */
    async signOut(caller: Caller): Promise<void> {
      if (caller.session) await users.revokeSession(db, caller.session.id, caller.session.expiresAt)
    },

    newXsrfToken(): string {
      return randomBytes(24).toString('base64url')
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
