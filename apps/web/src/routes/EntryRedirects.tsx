import { useEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { startupInfo } from '@/api/app-facts'
import { FullPageLoader } from '@/components/FullPageLoader'
import { session, useAuth } from '@/features/auth/app-session'
import { destinationAfterSignIn } from '@/features/auth/redirects'
import { createUrlRedirectPath } from '@/features/recipes/create-url-redirect'
import { paths } from '@/app/paths'

async function isFirstLogin(): Promise<boolean> {
  try {
    return (await startupInfo.load()).isFirstLogin
  } catch {
    return false
  }
}

/** Where a signed-in user belongs, once known; undefined while it is being worked out. */
export function useSignedInDestination(redirect: string | null): string | undefined {
  const { user } = useAuth()
  const [destination, setDestination] = useState<string>()
  useEffect(() => {
    if (!user) return
    let current = true
    void isFirstLogin().then((firstLogin) => {
      if (current) setDestination(destinationAfterSignIn({ redirect, user, isFirstLogin: firstLogin }))
    })
    return () => {
      current = false
    }
  }, [user, redirect])
  return destination
}

/**
 * `/`: a blank redirector (docs/web.md "Mealie's screens"): signed in → the setup page on first login for an admin, else the group
 * home; anonymous → sign-in (Larder's group pages need a session for now).
 */
export function IndexRedirect() {
  const { status } = useAuth()
  useEffect(() => {
    void session.ensureLoaded()
  }, [])
  const destination = useSignedInDestination(null)
  if (status === 'unauthenticated') return <Navigate to={paths.login} replace />
  if (destination) return <Navigate to={destination} replace />
  return <FullPageLoader />
}

/** `/r/create/url` (share target, bookmarklets) → the user's group, keeping the query; else sign-in. */
export function CreateUrlRedirect() {
  const { status, user } = useAuth()
  const { search } = useLocation()
  useEffect(() => {
    void session.ensureLoaded()
  }, [])
  if (status === 'loading') return <FullPageLoader />
  return <Navigate to={createUrlRedirectPath(user, search)} replace />
}
