import { useEffect, useState } from 'react'
import { session } from './app-session'

export type OAuthCallbackState = 'none' | 'pending' | 'failed' | 'done'

/**
 * docs/web.md "Calls and the HTTP client": when the sign-in page is reached with `code` or `error` in its query (the identity provider
 * sending the user back), GET /api/auth/oauth/callback with that same query, store the token, fetch the session.
 */
export function useOAuthCallback(search: string): OAuthCallbackState {
  const params = new URLSearchParams(search)
  const isCallback = params.has('code') || params.has('error')
  const [state, setState] = useState<OAuthCallbackState>(isCallback ? 'pending' : 'none')
  useEffect(() => {
    if (!isCallback) return
    let current = true
    session.signInWithOAuthCallback(search).then(
      () => current && setState('done'),
      () => current && setState('failed'),
    )
    return () => {
      current = false
    }
  }, [isCallback, search])
  return state
}
