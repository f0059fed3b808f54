import i18next, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readCookie, writeCookie } from '@/api/cookies'
import { defaultLocale, directionOf, isLocaleCode, matchLocale, type LocaleCode } from './locales'

/** Product spec §9: the locale cookie lives 365 days. */
const localeCookieMaxAge = 365 * 24 * 60 * 60

// One chunk per locale, loaded on demand: the sign-in page only ever fetches its own language (and English for
// keys a translation lacks).
const localeFiles = import.meta.glob<{ default: ResourceKey }>('./locales/*.json')

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = localeFiles[`./locales/${language}.json`]
    if (!load) {
      callback(null, {})
      return
    }
    load().then(
      (module) => callback(null, module.default),
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

function applyToDocument(locale: string) {
  document.documentElement.lang = locale
  document.documentElement.dir = directionOf(locale)
}

export async function initI18n(locale: LocaleCode = initialLocale()) {
  applyToDocument(locale)
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
  return i18next
}

/**
 * What must be loaded before the app switches language: sections.ts adds its loader when a page first uses a
 * section, so the first page's code does not carry it.
 */
export const beforeLocaleChange: ((locale: string) => Promise<void>)[] = []

export async function changeLocale(locale: LocaleCode) {
  writeCookie('locale', locale, localeCookieMaxAge)
  // The open page's section strings first (sections.ts), so it never shows a mix of languages.
  await Promise.all(beforeLocaleChange.map((prepare) => prepare(locale)))
  await i18next.changeLanguage(locale)
  applyToDocument(locale)
}
