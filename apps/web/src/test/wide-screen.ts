import { afterEach, beforeEach } from 'vitest'

/**
 * Makes `(min-width: …)` media queries match for the tests of one file, so components render their wide layout
 * (tables instead of phone cards). jsdom matches no media query by default.
 */
export function useWideScreen() {
  let original: typeof window.matchMedia
  beforeEach(() => {
    original = window.matchMedia.bind(window)
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('min-width') })
  })
  afterEach(() => {
    window.matchMedia = original
  })
}
