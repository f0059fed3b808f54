import { Navigate, useLocation, useParams } from 'react-router'
import { session, useAuth } from './app-session'
import { loginPathFor } from './redirects'

/*
 * A signed-out visitor reads a public group's pages through the explore API (docs/mealie-compatibility.md "Explore"); a member
 * reads them through the member API. Pages and their route prefetches ask here which one: the group's slug for a
 * visitor, null for a member.
 */

/**
 * The group a signed-out visitor reads on this page, or null when someone is signed in. Pages render once the session
 * is known (GuardRoute); while it is still loading, a page reads as a member.
 */
export function useVisitorGroup(): string | null {
  const { status } = useAuth()
  const { groupSlug = '' } = useParams()
  return status === 'unauthenticated' ? groupSlug : null
}

/**
 * The same for a route's prefetch, outside React: undefined while the session is still loading, since it decides
 * which API to ask.
 */
export function visitorGroupNow(groupSlug: string): string | null | undefined {
  const { status } = session.store.get()
  if (status === 'loading') return undefined
  return status === 'unauthenticated' ? groupSlug : null
}

/**
 * The sign-in page, coming back here afterwards: what a visitor sees in place of a page the explore API answers 404
 * (a private group, household, cookbook or recipe — or a missing one: it does not say which).
 */
export function SignInInstead() {
  const location = useLocation()
  return <Navigate to={loginPathFor(location)} replace />
}
