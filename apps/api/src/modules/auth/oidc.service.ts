import type * as openid from 'openid-client'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { HttpError, notFound, unauthorized } from '../../http/errors.js'
import type { UserRecord, UserRepo } from '../users/index.js'
import type { ExternalAccounts } from './external-accounts.service.js'
import type { IssuedSession, IssueSession } from './sessions.service.js'

/** openid-client (with oauth4webapi and jose) loads with the first OIDC sign-in, not at start-up (bench/cold-start). */
const loadClient = () => import('openid-client')

/** What the browser carries from the start of a sign-in to its callback, in a signed cookie. */
export interface PendingOidcSignIn {
  state: string
  nonce: string
  codeVerifier: string
}

type Claims = Record<string, unknown>

const discoveryTimeoutSeconds = 10

const stringClaim = (claims: Claims, name: string): string | null => {
  const value = claims[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** Providers send groups as a list; a few send one name as a string. */
function groupsOf(claims: Claims, name: string): string[] {
  const value = claims[name]
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : []
}

/** `email_verified` is a boolean by the standard; some providers send the string. */
const isVerified = (value: unknown) => value === true || value === 'true'

/**
 * OIDC sign-in, authorization code with PKCE S256, state and nonce (docs/mealie-compatibility.md "OIDC sign-in"). The provider's discovery
 * document is fetched on first use and kept, so that starting Larder never depends on the provider being up.
 */
export function createOidcSignIn(deps: {
  config: Config
  db: Database
  users: UserRepo
  externalAccounts: ExternalAccounts
  issueSession: IssueSession
  log: (message: string, error?: unknown) => void
}) {
  const { config, db, users, externalAccounts, issueSession, log } = deps
  const redirectUri = `${config.BASE_URL.replace(/\/+$/, '')}/login`
  const groupsConfigured = Boolean(config.OIDC_USER_GROUP || config.OIDC_ADMIN_GROUP)
  const scope = ['openid', 'email', 'profile', ...(groupsConfigured ? [config.OIDC_GROUPS_CLAIM] : [])].join(' ')
  let discovered: Promise<openid.Configuration> | undefined

  function requireReady() {
    if (!config.oidcReady) throw notFound('Sign-in with an OIDC provider is not enabled on this server')
  }

  /** ID tokens are checked with the algorithm the discovery document announces (openid-client does this). */
  async function discover(): Promise<openid.Configuration> {
    const server = new URL(config.OIDC_CONFIGURATION_URL!)
    const client = await loadClient()
    return client.discovery(
      server,
      config.OIDC_CLIENT_ID!,
      undefined,
      client.ClientSecretBasic(config.OIDC_CLIENT_SECRET),
      {
        timeout: discoveryTimeoutSeconds,
        // The operator chose the provider's address; plain http is their call (a provider on the same host, say).
        execute: server.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    )
  }

  /** A failed discovery is forgotten, so the next sign-in tries again once the provider is back. */
  async function providerConfiguration(): Promise<openid.Configuration> {
    discovered ??= discover()
    try {
      return await discovered
    } catch (error) {
      discovered = undefined
      log('OIDC discovery failed', error)
      throw new HttpError(502, 'The sign-in provider could not be reached. Try again later or ask an administrator.')
    }
  }

  /** ID-token claims, completed from the userinfo endpoint when the provider keeps some of them there. */
  async function claimsOf(
    provider: openid.Configuration,
    tokens: Awaited<ReturnType<typeof openid.authorizationCodeGrant>>,
  ): Promise<Claims> {
    const idClaims: Claims = { ...tokens.claims() }
    const wanted = [
      config.OIDC_USER_CLAIM,
      config.OIDC_NAME_CLAIM,
      'email',
      ...(config.OIDC_REQUIRES_EMAIL_VERIFICATION ? ['email_verified'] : []),
      ...(groupsConfigured ? [config.OIDC_GROUPS_CLAIM] : []),
    ]
    const complete = wanted.every((name) => idClaims[name] !== undefined)
    const subject = typeof idClaims.sub === 'string' ? idClaims.sub : null
    if (complete || !subject || !provider.serverMetadata().userinfo_endpoint) return idClaims
    try {
      const client = await loadClient()
      const userInfo: Claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, subject)) }
      return { ...userInfo, ...idClaims }
    } catch (error) {
      log('OIDC userinfo request failed', error)
      return idClaims
    }
  }

  async function accountFor(claims: Claims): Promise<UserRecord> {
    const login = stringClaim(claims, config.OIDC_USER_CLAIM)
    const fullName = stringClaim(claims, config.OIDC_NAME_CLAIM)
    const email = stringClaim(claims, 'email')
    const missing = [
      ...(login ? [] : [config.OIDC_USER_CLAIM]),
      ...(fullName ? [] : [config.OIDC_NAME_CLAIM]),
      ...(email ? [] : ['email']),
      ...(groupsConfigured && claims[config.OIDC_GROUPS_CLAIM] === undefined ? [config.OIDC_GROUPS_CLAIM] : []),
    ]
    if (!login || !fullName || !email || missing.length > 0) {
      throw unauthorized(
        `The sign-in provider did not send ${[...new Set(missing)].join(', ')} for your account, ` +
          'which this server needs. Ask an administrator.',
      )
    }
    if (config.OIDC_REQUIRES_EMAIL_VERIFICATION && !isVerified(claims.email_verified)) {
      throw unauthorized('Your email address is not verified with the sign-in provider. Verify it and try again.')
    }
    const groups = groupsOf(claims, config.OIDC_GROUPS_CLAIM)
    const isAdmin = Boolean(config.OIDC_ADMIN_GROUP && groups.includes(config.OIDC_ADMIN_GROUP))
    const inUserGroup = Boolean(config.OIDC_USER_GROUP && groups.includes(config.OIDC_USER_GROUP))
    if (groupsConfigured && !isAdmin && !inUserGroup) {
      throw unauthorized('Your account at the sign-in provider is not in a group allowed to use this server.')
    }

    // One claim, one field: an email claim finds an email, any other claim a username (never "either", which let a
    // provider user named like someone's email take over that account).
    const existing =
      config.OIDC_USER_CLAIM === 'email' ? await users.findByEmail(db, login) : await users.findByUsername(db, login)
    if (existing && existing.authMethod !== 'OIDC') {
      const method = existing.authMethod === 'LDAP' ? 'LDAP' : 'a password'
      throw unauthorized(
        `The account matching you on this server signs in with ${method}, not through ${config.OIDC_PROVIDER_NAME}. ` +
          'Sign in that way, or ask an administrator to change its sign-in method.',
      )
    }
    if (existing) {
      if (config.OIDC_ADMIN_GROUP) await externalAccounts.syncAdmin(existing, isAdmin)
      return existing
    }
    if (!config.OIDC_SIGNUP_ENABLED) {
      throw unauthorized('There is no account for you on this server, and sign-up through the provider is off.')
    }
    return externalAccounts.create({
      username: stringClaim(claims, 'preferred_username') ?? login,
      fullName,
      email,
      authMethod: 'OIDC',
      admin: isAdmin,
    })
  }

  return {
    /** Where to send the browser, and what its callback must prove it started with. */
    async start(): Promise<{ authorizationUrl: string; pending: PendingOidcSignIn }> {
      requireReady()
      const provider = await providerConfiguration()
      const client = await loadClient()
      const pending: PendingOidcSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      }
      const authorizationUrl = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      })
      return { authorizationUrl: authorizationUrl.href, pending }
    },

    /** The provider's answer, as the web client passes it on, turned into a session for the matching account. */
    async finish(query: Record<string, unknown>, pending: PendingOidcSignIn | null): Promise<IssuedSession> {
      requireReady()
      const parameters = new URLSearchParams()
      for (const [name, value] of Object.entries(query)) {
        if (typeof value === 'string') parameters.set(name, value)
      }
      const providerError = parameters.get('error')
      if (providerError) {
        const description = parameters.get('error_description')
        throw unauthorized(`The sign-in provider refused the sign-in: ${description ?? providerError}`)
      }
      if (!pending) throw unauthorized('This sign-in has expired or was started in another browser. Start again.')
      if (parameters.get('state') !== pending.state) {
        throw unauthorized('This sign-in answer does not belong to the sign-in this browser started. Start again.')
      }
      const provider = await providerConfiguration()
      const currentUrl = new URL(redirectUri)
      currentUrl.search = parameters.toString()
      const client = await loadClient()
      let tokens: Awaited<ReturnType<typeof openid.authorizationCodeGrant>>
      try {
        tokens = await client.authorizationCodeGrant(provider, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
      } catch (error) {
        log('OIDC code exchange failed', error)
        throw unauthorized('The sign-in provider did not confirm this sign-in. Start again.')
      }
      const user = await accountFor(await claimsOf(provider, tokens))
      return issueSession(user.id, config.OIDC_REMEMBER_ME)
    },
  }
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>
