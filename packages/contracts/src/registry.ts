import type { EndpointDefinition } from './endpoint.js'
import { getAppInfo, getAppTheme, getStartupInfo } from './app/about.js'
import { refreshToken, refreshTokenByPost, signIn, signOut } from './auth/session.js'
import { getSelf } from './users/self.js'

/** Every endpoint of the API, in the order the OpenAPI document lists them. */
export const allEndpoints: readonly EndpointDefinition[] = [
  getAppInfo,
  getStartupInfo,
  getAppTheme,
  signIn,
  refreshToken,
  refreshTokenByPost,
  signOut,
  getSelf,
]
