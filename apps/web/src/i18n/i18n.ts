import i18next, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readCookie, writeCookie } from '@/api/cookies'
import { defaultLocale, directionOf, isLocaleCode, matchLocale, type LocaleCode } from './locales'

/** docs/web.md "Locales": the locale cookie lives 365 days. */
const localeCookieMaxAge = 365 * 24 * 60 * 60

// One chunk per locale, loaded on demand: the sign-in page only ever fetches its own language (and English for
// keys a translation lacks). Areas whose strings the sign-in page never shows keep them in a namespace of their own
// (namespace-files.ts), fetched when a page first asks for it (`useStrings`), so they cost /login nothing (docs/budgets.md "Web budgets").
const localeFiles = import.meta.glob<{ default: ResourceKey }>('./locales/*.json')

/**
 * The default namespace, `locales/<locale>.json`: only what the sign-in page and the app's frame (errors, theme,
 * language) show. Every other namespace falls back to it.
 */
export const coreNamespace = 'translation'

/**
 * The strings of every page but sign-in (navigation, page titles, account, household, group and admin pages),
 * `locales/app/app.<locale>.json`. Pages read them through the core namespace, which falls back to this one, and
 * the router loads it with their chunks (`withAppStrings`), so /login carries none of them (docs/budgets.md "Web budgets").
 */
export const appNamespace = 'app'

/** Where a key the asked namespace lacks is looked up next; the test shell uses the same order. */
export const fallbackNamespaces = [coreNamespace, appNamespace]

async function loaderOf(language: string, namespace: string) {
  if (namespace === coreNamespace) return localeFiles[`./locales/${language}.json`]
  const { namespaceFile } = await import('./namespace-files')
  return namespaceFile(language, namespace)
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loaderOf(language, namespace)
      .then(async (load) => (load ? (await load()).default : {}))
      .then(
        (strings) => callback(null, strings),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      )
  },
}

/** Cookie first, then the browser's languages, then American English. */
export function initialLocale(): LocaleCode {
  const fromCookie = readCookie('locale')
  if (isLocaleCode(fromCookie)) return fromCookie
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return defaultLocale
}

/**
 * Only what changes is written: writing `dir` on the root, even the same value, makes the browser walk the whole
 * document (the server's drawing and the app under it) to settle each element's direction, a task of 40 ms at a
 * phone's speed as the app started (the local build's time to interactive, docs/budgets.md "Web budgets").
 */
function applyToDocument(locale: string) {
  const root = document.documentElement
  const direction = directionOf(locale)
  if (root.lang !== locale) root.lang = locale
  if (root.dir !== direction) root.dir = direction
}

export async function initI18n(locale: LocaleCode = initialLocale()) {
  applyToDocument(locale)
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: defaultLocale,
      ns: [coreNamespace],
      defaultNS: coreNamespace,
      fallbackNS: fallbackNamespaces,
      supportedLngs: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
  return i18next
}

export async function changeLocale(locale: LocaleCode) {
  writeCookie('locale', locale, localeCookieMaxAge)
  await i18next.changeLanguage(locale)
  applyToDocument(locale)
}

/**
 * Loads a page's chunk together with the app namespace: the page renders with its strings, without a second round
 * trip after the chunk. A language change later reloads the namespace with the others (i18next keeps it in `ns`).
 */
export async function withAppStrings<Module>(load: () => Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([load(), i18next.loadNamespaces(appNamespace)])
  return module
}
