/** Mealie's 42 locales (reference "Locales in v3"), each with its own name for the language picker. */
export const locales = [
  { code: 'af-ZA', name: 'Afrikaans' },
  { code: 'ar-SA', name: 'العربية' },
  { code: 'bg-BG', name: 'Български' },
  { code: 'ca-ES', name: 'Català' },
  { code: 'cs-CZ', name: 'Čeština' },
  { code: 'da-DK', name: 'Dansk' },
  { code: 'de-DE', name: 'Deutsch' },
  { code: 'el-GR', name: 'Ελληνικά' },
  { code: 'en-GB', name: 'British English' },
  { code: 'en-US', name: 'American English' },
  { code: 'es-ES', name: 'Español' },
  { code: 'et-EE', name: 'Eesti' },
  { code: 'fi-FI', name: 'Suomi' },
  { code: 'fr-BE', name: 'Français (Belgique)' },
  { code: 'fr-CA', name: 'Français canadien' },
  { code: 'fr-FR', name: 'Français' },
  { code: 'gl-ES', name: 'Galego' },
  { code: 'he-IL', name: 'עברית' },
  { code: 'hr-HR', name: 'Hrvatski' },
  { code: 'hu-HU', name: 'Magyar' },
  { code: 'is-IS', name: 'Íslenska' },
  { code: 'it-IT', name: 'Italiano' },
  { code: 'ja-JP', name: '日本語' },
  { code: 'ko-KR', name: '한국어' },
  { code: 'lt-LT', name: 'Lietuvių' },
  { code: 'lv-LV', name: 'Latviešu' },
  { code: 'nl-NL', name: 'Nederlands' },
  { code: 'no-NO', name: 'Norsk' },
  { code: 'pl-PL', name: 'Polski' },
  { code: 'pt-BR', name: 'Português do Brasil' },
  { code: 'pt-PT', name: 'Português' },
  { code: 'ro-RO', name: 'Română' },
  { code: 'ru-RU', name: 'Русский' },
  { code: 'sk-SK', name: 'Slovenčina' },
  { code: 'sl-SI', name: 'Slovenščina' },
  { code: 'sr-SP', name: 'Српски' },
  { code: 'sv-SE', name: 'Svenska' },
  { code: 'tr-TR', name: 'Türkçe' },
  { code: 'uk-UA', name: 'Українська' },
  { code: 'vi-VN', name: 'Tiếng Việt' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
] as const

export type LocaleCode = (typeof locales)[number]['code']

export const defaultLocale: LocaleCode = 'en-US'

const rightToLeft: ReadonlySet<string> = new Set(['ar-SA', 'he-IL'])

export function isLocaleCode(value: string | null | undefined): value is LocaleCode {
  return locales.some((locale) => locale.code === value)
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr'
}

/** The best supported locale for a browser language tag: exact, else the same language, else undefined. */
export function matchLocale(tag: string): LocaleCode | undefined {
  const exact = locales.find((locale) => locale.code.toLowerCase() === tag.toLowerCase())
  if (exact) return exact.code
  const language = tag.split('-')[0]?.toLowerCase()
  return locales.find((locale) => locale.code.split('-')[0] === language)?.code
}
