import { createStore, useStore } from '@/app/create-store'
import type { ColorScheme } from './build-theme'

export const colorSchemeStorageKey = 'larder.theme.color-scheme'

function storedChoice(): ColorScheme | undefined {
  try {
    const value = localStorage.getItem(colorSchemeStorageKey)
    return value === 'dark' || value === 'light' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * docs/web.md "Client states": light by default, dark when the public config asks for it; follows the system preference
 * until the user toggles; the toggle is remembered in localStorage and wins from then on.
 */
export function createColorSchemeStore(options: { darkByDefault: boolean; media?: MediaQueryList }) {
  const systemPrefersDark = () => options.media?.matches ?? false
  const initial = (): ColorScheme => storedChoice() ?? (options.darkByDefault || systemPrefersDark() ? 'dark' : 'light')
  const store = createStore<ColorScheme>(initial())

  options.media?.addEventListener('change', () => {
    if (!storedChoice()) store.set(initial())
  })

  return {
    ...store,
    toggle() {
      const next: ColorScheme = store.get() === 'dark' ? 'light' : 'dark'
      localStorage.setItem(colorSchemeStorageKey, next)
      store.set(next)
    },
  }
}

export type ColorSchemeStore = ReturnType<typeof createColorSchemeStore>

let appStore: ColorSchemeStore | undefined

export function initColorScheme(darkByDefault: boolean): ColorSchemeStore {
  appStore = createColorSchemeStore({
    darkByDefault,
    media: window.matchMedia?.('(prefers-color-scheme: dark)'),
  })
  return appStore
}

export function colorSchemeStore(): ColorSchemeStore {
  if (!appStore) throw new Error('initColorScheme() must run before the color scheme is read')
  return appStore
}

export function useColorScheme(): ColorScheme {
  return useStore(colorSchemeStore())
}
