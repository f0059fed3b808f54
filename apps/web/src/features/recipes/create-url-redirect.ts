import { paths } from '@/app/paths'

/**
 * `/r/create/url` is the share target and bookmarklet entry: it has no group in its path, so it forwards to the
 * user's group, keeping the query (`recipe_import_url`), or to sign-in when there is no group to go to.
 */
export function createUrlRedirectPath(user: { groupSlug?: string | null } | null, search: string): string {
  const groupSlug = user?.groupSlug
  if (!groupSlug) return paths.login
  return `${paths.recipeCreateMethod(groupSlug, 'url')}${search}`
}
