/**
 * The web client's pages that the server describes before the app runs (link previews) and draws (first paints),
 * with the client's source modules each loads and the string namespaces it reads: one list for the API's web shell
 * and the web's route table. The web checks that every path reaches a route that loads exactly these modules
 * (apps/web/src/routes/web-pages.test.ts); the API checks that every named file exists
 * (apps/api/src/web-shell/web-pages.test.ts). Module names are the build manifest's: paths under apps/web.
 */
export interface DrawnWebPage {
  /** The route's address, react-router style: `:name` segments. */
  path: string
  /** The client's modules the page's route loads, preloaded with the drawing. */
  modules: readonly string[]
  /** The namespaces of strings the page reads beside nothing else: the app's (`withAppStrings`) and its route's. */
  strings: readonly string[]
}

const signedInModules = ['src/routes/SignedInRoutes.tsx', 'src/layouts/default/DefaultLayout.tsx']

export const drawnWebPages = {
  recipe: {
    path: '/g/:groupSlug/r/:slug',
    modules: [...signedInModules, 'src/pages/g/[groupSlug]/r/[slug]/index.tsx'],
    strings: ['app', 'recipes'],
  },
  explorer: {
    path: '/g/:groupSlug',
    modules: [...signedInModules, 'src/pages/g/[groupSlug]/index.tsx'],
    strings: ['app', 'recipes'],
  },
} as const satisfies Record<string, DrawnWebPage>

/** A recipe opened with a share token: described for link previews, never drawn (the visitor has no app data). */
export const sharedRecipePagePath = '/g/:groupSlug/shared/r/:token'

/**
 * The decoded parameters of `pathname` on `path` (one trailing slash allowed), or null when it does not match or a
 * segment is not valid percent-encoding.
 */
export function matchWebPage(path: string, pathname: string): Record<string, string> | null {
  const wanted = path.split('/').filter(Boolean)
  const given = pathname.replace(/\/$/, '').split('/').filter(Boolean)
  if (wanted.length !== given.length || !pathname.startsWith('/') || pathname.includes('//')) return null
  const parameters: Record<string, string> = {}
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!
    if (segment.startsWith(':')) {
      try {
        parameters[segment.slice(1)] = decodeURIComponent(value)
      } catch {
        return null
      }
    } else if (segment !== value) return null
  }
  return parameters
}
