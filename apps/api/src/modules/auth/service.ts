import { randomBytes } from 'node:crypto'
import type { Config } from '../../config.js'
import { locked, unauthorized } from '../../http/errors.js'
import { verifyPassword } from '../../lib/passwords.js'
import type { UserRepo } from '../users/repo.js'

export interface IssuedSession {
  accessToken: string
  lifetimeSeconds: number
}

export type SignToken = (claims: { sub: string }, lifetimeSeconds: number) => string

const rememberMeHours = 14 * 24

export function createAuthService(deps: { config: Config; users: UserRepo; signToken: SignToken }) {
  const { config, users, signToken } = deps
  const lockoutMilliseconds = config.SECURITY_USER_LOCKOUT_TIME * 3_600_000

  function issue(userId: string, rememberMe: boolean): IssuedSession {
    const hours = rememberMe ? Math.max(config.TOKEN_TIME, rememberMeHours) : config.TOKEN_TIME
    const lifetimeSeconds = Math.round(hours * 3600)
    return { accessToken: signToken({ sub: userId }, lifetimeSeconds), lifetimeSeconds }
  }

  return {
    /**
     * Password sign-in (reference §2.2): username or email in any case. A lock is checked before the password, so
     * even the right password is refused while it lasts; a lock whose time has passed lifts itself.
     */
    async signInWithPassword(login: string, password: string, rememberMe: boolean): Promise<IssuedSession> {
      if (!config.ALLOW_PASSWORD_LOGIN) {
        await verifyPassword(null, password)
        throw unauthorized('Password sign-in is turned off on this server')
      }
      const user = login.trim() ? await users.findByLogin(login) : null
      if (!user || user.authMethod !== 'Mealie' || !user.passwordHash) {
        await verifyPassword(null, password)
        throw unauthorized('Wrong username, email or password')
      }
      const lockStillHolds = user.lockedAt !== null && user.lockedAt.getTime() + lockoutMilliseconds > Date.now()
      if (lockStillHolds) {
        throw locked('This account is locked after too many failed sign-ins. Try again later or ask an administrator.')
      }
      if (user.lockedAt !== null || user.failedLoginAttempts >= config.SECURITY_MAX_LOGIN_ATTEMPTS) {
        await users.clearFailedSignIns(user.id)
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await users.recordFailedSignIn(user.id, config.SECURITY_MAX_LOGIN_ATTEMPTS)
        throw unauthorized('Wrong username, email or password')
      }
      if (user.failedLoginAttempts > 0) await users.clearFailedSignIns(user.id)
      return issue(user.id, rememberMe)
    },

    refresh(userId: string): IssuedSession {
      return issue(userId, false)
    },

    newXsrfToken(): string {
      return randomBytes(24).toString('base64url')
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
