import { refreshToken, refreshTokenByPost, signIn, signOut } from '@larder/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../config.js'
import { accessTokenCookie, xsrfCookie } from '../../http/authentication.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { AuthService, IssuedSession } from './service.js'

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, config: Config): void {
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

  registerEndpoint(app, signIn, async ({ body, reply }) => {
    const session = await auth.signInWithPassword(body.username, body.password, body.remember_me)
    setSessionCookies(reply, session)
    return { access_token: session.accessToken, token_type: 'bearer' as const }
  })

  const refresh = ({ caller }: { caller: { userId: string } }) => {
    const session = auth.refresh(caller.userId)
    return { access_token: session.accessToken, token_type: 'bearer' as const }
  }
  registerEndpoint(app, refreshToken, refresh)
  registerEndpoint(app, refreshTokenByPost, refresh)

  registerEndpoint(app, signOut, ({ reply }) => {
    reply.clearCookie(accessTokenCookie, { path: '/' })
    reply.clearCookie(xsrfCookie, { path: '/' })
    return { message: 'Logged out', error: false as const }
  })
}
