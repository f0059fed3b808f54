import type { SeedData } from './types.js'

export type { SeedData, SeedFood, SeedLabel, SeedUnit } from './types.js'

/**
 * Each locale's lists load on first use: they are read only when a group is seeded, so the server does not parse a
 * few thousand entries at start-up.
 */
const loaders = {
  'en-US': () => import('./en-US.js'),
  'en-GB': () => import('./en-GB.js'),
  'de-DE': () => import('./de-DE.js'),
  'fr-FR': () => import('./fr-FR.js'),
  'es-ES': () => import('./es-ES.js'),
  'nl-NL': () => import('./nl-NL.js'),
  'it-IT': () => import('./it-IT.js'),
  'pt-BR': () => import('./pt-BR.js'),
  'sv-SE': () => import('./sv-SE.js'),
} satisfies Record<string, () => Promise<{ seed: SeedData }>>

export type SeededLocale = keyof typeof loaders

/** The locales that have lists of their own; every other locale borrows one (see `seedLocaleFor`). */
export const seededLocales = Object.keys(loaders) as SeededLocale[]

/** Which list a language uses when its exact locale has none: fr-CA → fr-FR, en-AU → en-GB, pt-PT → pt-BR… */
const languageLists: Record<string, SeededLocale> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  nl: 'nl-NL',
  it: 'it-IT',
  pt: 'pt-BR',
  sv: 'sv-SE',
}

function isSeeded(locale: string): locale is SeededLocale {
  return Object.hasOwn(loaders, locale)
}

/**
 * The list a locale code seeds from: its own (`de-DE`, also written `de_de`), else its language's (`de-AT` → de-DE;
 * a region-tagged English other than en-US → en-GB, whose spelling and measures the Commonwealth shares), else en-US
 * (also for a bare `en`).
 */
export function seedLocaleFor(locale: string): SeededLocale {
  const [language = '', region] = locale.trim().split(/[-_]/)
  const normalised = region === undefined ? language.toLowerCase() : `${language.toLowerCase()}-${region.toUpperCase()}`
  if (isSeeded(normalised)) return normalised
  if (region === undefined && normalised === 'en') return 'en-US'
  return languageLists[language.toLowerCase()] ?? 'en-US'
}

/**
 * The built-in foods, units and labels for a locale code (see `seedLocaleFor` for the fallbacks). Asynchronous: the
 * locale's file is imported on first call. The lists are shared between calls: copy before changing them.
 */
export async function seedDataFor(locale: string): Promise<SeedData> {
  const { seed } = await loaders[seedLocaleFor(locale)]()
  return seed
}
