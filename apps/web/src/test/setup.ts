import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Pages render from deferred data (QueryState) in slices; on a loaded two-core machine a refetch and its render can
// take longer than testing-library's 1 s default. Content that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 })

// jsdom has no matchMedia; Mantine and the colour-scheme store ask it about the system preference.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })
}

// jsdom has no ResizeObserver; Mantine's ScrollArea (tables, select dropdowns) watches its size with one.
if (typeof window !== 'undefined') {
  ;(window as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// …nor scrollIntoView, which Mantine's comboboxes call on the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined
}

// jsdom's window.scrollTo only reports "Not implemented" on the console; the virtualised recipe grid scrolls the
// window when it restores a position. jsdom lays nothing out, so there is nothing to scroll.
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined
}

afterEach(async () => {
  // Files that run in the node environment have no DOM and no storage.
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
