import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { TokenResponse } from './session.js'

/**
 * What the identity provider sends back to `/login`, passed on unchanged by the web client (docs/mealie-compatibility.md "Authentication" OIDC).
 * Unknown parameters (`session_state`, `iss`, …) pass through: the provider may add its own.
 */
export const OidcCallbackQuery = z
  .looseObject({
    code: z.string().max(4096).optional(),
    state: z.string().max(1024).optional(),
    error: z.string().max(1024).optional(),
    error_description: z.string().max(4096).optional(),
  })
  .meta({ id: 'OidcCallbackQuery' })
export type OidcCallbackQuery = z.input<typeof OidcCallbackQuery>

export const startOidcSignIn = endpoint({
  method: 'GET',
  path: '/api/auth/oauth',
  summary: "Start signing in with the OIDC provider: redirects the browser to the provider's sign-in page",
  tags: ['Users: Authentication'],
  auth: 'public',
  responses: { 302: null, 404: ErrorResponse, 502: ErrorResponse },
})

export const finishOidcSignIn = endpoint({
  method: 'GET',
  path: '/api/auth/oauth/callback',
  summary: "Finish signing in with the OIDC provider: exchanges the provider's code for a session",
  tags: ['Users: Authentication'],
  auth: 'public',
  query: OidcCallbackQuery,
  responses: { 200: TokenResponse, 401: ErrorResponse, 404: ErrorResponse, 502: ErrorResponse },
})

export const oidcEndpoints = [startOidcSignIn, finishOidcSignIn] as const
