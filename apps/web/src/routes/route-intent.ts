import { createContext, useContext, useEffect } from 'react'

/**
 * Starts loading a page the user is about to open (routes/route-load.ts). SignedInRoutes provides it; outside the
 * signed-in pages it does nothing.
 */
export const RouteIntentContext = createContext<(to: string) => void>(() => undefined)

/** Props for an element that opens `to` without being a link (a clickable table row): intent starts its page. */
export function useRouteIntent(to: string) {
  const startLoad = useContext(RouteIntentContext)
  const onIntent = () => startLoad(to)
  return { onMouseEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent }
}

/**
 * Every link of this site on the page: pointing at it, focusing it or touching it starts its page's chunk and data,
 * a few hundred milliseconds before the click. One listener on the document, so no link needs to opt in.
 */
export function useLinkIntent(startLoad: (to: string) => void) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
      startLoad(`${link.pathname}${link.search}`)
    }
    const kinds = ['mouseover', 'focusin', 'touchstart'] as const
    for (const kind of kinds) document.addEventListener(kind, onIntent, { passive: true })
    return () => {
      for (const kind of kinds) document.removeEventListener(kind, onIntent)
    }
  }, [startLoad])
}
