import { paths } from '@/app/paths'

/**
 * The `redirect` query value if it is a path on this site, else undefined: absolute URLs, protocol-relative `//host`
 * and backslash tricks are refused so a crafted link cannot send a fresh sign-in elsewhere.
 */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  const base = 'http://larder.invalid'
  try {
    const url = new URL(value, base)
    if (url.origin !== base || url.pathname === paths.login) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/** The sign-in page, asked to come back to `wanted` (path and query) afterwards. */
export function loginPathFor(wanted: { pathname: string; search: string }): string {
  const target = `${wanted.pathname}${wanted.search}`
  if (target === paths.home || wanted.pathname === paths.login) return paths.login
  return `${paths.login}?redirect=${encodeURIComponent(target)}`
}

/**
 * Where a fresh sign-in lands: the page that sent the user to sign in; else the setup page for an admin while the
 * seeded admin still exists (docs/mealie-compatibility.md "App info" isFirstLogin); else the group home.
 */
export function destinationAfterSignIn(options: {
  redirect: string | null
  user: { admin: boolean; groupSlug: string }
  isFirstLogin: boolean
}): string {
  const redirect = safeRedirectPath(options.redirect)
  if (redirect) return redirect
  if (options.isFirstLogin && options.user.admin) return paths.adminSetup
  return paths.group(options.user.groupSlug)
}
