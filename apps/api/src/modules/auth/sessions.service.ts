import { randomUUID } from 'node:crypto'
import type { Config } from '../../config.js'

export interface IssuedSession {
  accessToken: string
  lifetimeSeconds: number
}

export type SignToken = (claims: { sub: string; jti: string }, lifetimeSeconds: number) => string

/** Remember-me lasts at least 14 days (docs/mealie-compatibility.md "Authentication"), or TOKEN_TIME when that is longer. */
const rememberMeHours = 14 * 24

/** Every way of signing in ends here, so that password, LDAP and OIDC sessions are the same kind of token. */
export function createSessionIssuer(config: Config, signToken: SignToken) {
  return function issueSession(userId: string, rememberMe: boolean): IssuedSession {
    const hours = rememberMe ? Math.max(config.TOKEN_TIME, rememberMeHours) : config.TOKEN_TIME
    const lifetimeSeconds = Math.round(hours * 3600)
    // A random id makes every session its own token, so signing out of one never ends another issued the same second.
    return { accessToken: signToken({ sub: userId, jti: randomUUID() }, lifetimeSeconds), lifetimeSeconds }
  }
}

export type IssueSession = ReturnType<typeof createSessionIssuer>
