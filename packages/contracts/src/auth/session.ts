import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'

/** Form booleans as Mealie reads them: true/false/1/0/on/off/yes/no. */
const formBoolean = z.preprocess((value) => {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string') {
    const normalized = value.trim().toLowerCase()
    if (['true', '1', 'on', 'yes'].includes(normalized)) return true
    if (['false', '0', 'off', 'no', ''].includes(normalized)) return false
  }
  return value
}, z.boolean())

export const CredentialsRequest = z
  .object({
    username: z.string().max(255).default(''),
    password: z.string().max(1024).default(''),
    remember_me: formBoolean.default(false),
  })
  .meta({ id: 'CredentialsRequest' })
export type CredentialsRequest = z.input<typeof CredentialsRequest>

export const TokenResponse = z
  .object({ access_token: z.string(), token_type: z.literal('bearer') })
  .meta({ id: 'TokenResponse' })
export type TokenResponse = z.infer<typeof TokenResponse>

export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth/token',
  summary: 'Sign in with a username or email and a password',
  tags: ['Users: Authentication'],
  auth: 'public',
  body: CredentialsRequest,
  bodyEncoding: 'form',
  responses: { 200: TokenResponse, 401: ErrorResponse, 423: ErrorResponse },
})

export const refreshToken = endpoint({
  method: 'GET',
  path: '/api/auth/refresh',
  summary: 'Exchange a valid session for a fresh access token',
  tags: ['Users: Authentication'],
  auth: 'user',
  responses: { 200: TokenResponse, 401: ErrorResponse },
})

/** Mealie's 2.0 web client calls refresh with POST; both are accepted. */
export const refreshTokenByPost = endpoint({
  ...refreshToken,
  method: 'POST',
  hidden: true,
})

export const signOut = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out: clears the session cookie',
  tags: ['Users: Authentication'],
  auth: 'user',
  responses: { 200: SuccessResponse, 401: ErrorResponse },
})
