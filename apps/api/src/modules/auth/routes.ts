import { finishOidcSignIn, refreshToken, refreshTokenByPost, signIn, signOut, startOidcSignIn } from '@larder/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config.js'
import { accessTokenCookie, type Caller, xsrfCookie } from '../../http/authentication.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { OidcSignIn, PendingOidcSignIn } from './oidc.service.js'
import type { AuthService, IssuedSession } from './service.js'

/** Carries state, nonce and PKCE verifier from the start of an OIDC sign-in to its callback; no server session. */
export const oidcStateCookie = 'larder.oidc_state'
const oidcStatePath = '/api/auth/oauth'
const oidcStateLifetimeSeconds = 10 * 60
const oidcStatePurpose = 'oidc-sign-in'

export function registerAuthRoutes(
  app: FastifyInstance,
  services: { auth: AuthService; oidc: OidcSignIn },
  config: Config,
): void {
  const { auth, oidc } = services
  const secure = config.BASE_URL.startsWith('https://')

  /** The session cookie is httpOnly; the XSRF cookie is readable so the web client can echo it in a header. */
  function setSessionCookies(reply: FastifyReply, session: IssuedSession) {
    reply.setCookie(accessTokenCookie, session.accessToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: session.lifetimeSeconds,
    })
    reply.setCookie(xsrfCookie, auth.newXsrfToken(), {
      httpOnly: false,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: session.lifetimeSeconds,
    })
  }

  /**
   * The pending sign-in travels as a short-lived JWT signed with the app's key. It has no `sub`, so it can never pass
   * for an access token, and its purpose claim keeps other tokens from passing for it.
   */
  function readPendingSignIn(request: FastifyRequest): PendingOidcSignIn | null {
    const cookie = request.cookies[oidcStateCookie]
    if (!cookie) return null
    try {
      const claims = app.jwt.verify<Partial<PendingOidcSignIn> & { purpose?: unknown }>(cookie)
      const { purpose, state, nonce, codeVerifier } = claims
      if (purpose !== oidcStatePurpose || !state || !nonce || !codeVerifier) return null
      return { state, nonce, codeVerifier }
    } catch {
      return null
    }
  }

  registerEndpoint(
    app,
    signIn,
    async ({ body, reply }) => {
      const session = await auth.signInWithPassword(body.username, body.password, body.remember_me)
      setSessionCookies(reply, session)
      return { access_token: session.accessToken, token_type: 'bearer' as const }
    },
    { requestsPerMinute: config.SECURITY_AUTH_RATE_LIMIT },
  )

  registerEndpoint(app, startOidcSignIn, async ({ reply }) => {
    const { authorizationUrl, pending } = await oidc.start()
    const signed = app.jwt.sign({ purpose: oidcStatePurpose, ...pending }, { expiresIn: oidcStateLifetimeSeconds })
    reply.setCookie(oidcStateCookie, signed, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: oidcStatePath,
      maxAge: oidcStateLifetimeSeconds,
    })
    return reply.redirect(authorizationUrl, 302)
  })

  registerEndpoint(
    app,
    finishOidcSignIn,
    async ({ query, request, reply }) => {
      // One use only: whatever the outcome, the pending sign-in is spent.
      reply.clearCookie(oidcStateCookie, { path: oidcStatePath })
      const session = await oidc.finish(query, readPendingSignIn(request))
      setSessionCookies(reply, session)
      return { access_token: session.accessToken, token_type: 'bearer' as const }
    },
    { requestsPerMinute: config.SECURITY_AUTH_RATE_LIMIT },
  )

  const refresh = ({ caller }: { caller: Caller }) => {
    const session = auth.refresh(caller)
    return { access_token: session.accessToken, token_type: 'bearer' as const }
  }
  registerEndpoint(app, refreshToken, refresh)
  registerEndpoint(app, refreshTokenByPost, refresh)

  registerEndpoint(app, signOut, async ({ caller, reply }) => {
    await auth.signOut(caller)
    reply.clearCookie(accessTokenCookie, { path: '/' })
    reply.clearCookie(xsrfCookie, { path: '/' })
    return { message: 'Logged out', error: false as const }
  })
}
