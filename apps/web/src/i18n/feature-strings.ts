import i18next, { type ResourceKey } from 'i18next'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { defaultLocale } from './locales'

type LocaleFiles = Record<string, () => Promise<{ default: ResourceKey }>>

/**
 * Strings of a lazily loaded feature, kept out of the locale files the sign-in page loads (DESIGN §9: /login ≤ 150 KB
 * gzip). The feature keeps `locales/<area>.<code>.json` next to its code (not
 * `<code>.json`: its chunks must not be mistaken for the app's locale chunks, which the /login size check counts) and passes `import.meta.glob('./locales/*.json')`;
 * the hook this returns loads the current language and the English fallback into i18next's one namespace (so keys
 * read as usual, `t('recipeEditor.save')`) and answers whether they have arrived.
 */
export function featureStrings(files: LocaleFiles) {
  const loaded = new Set<string>()

  async function load(language: string) {
    const missing = [...new Set([language, defaultLocale])].filter((code) => !loaded.has(code))
    await Promise.all(
      missing.map(async (code) => {
        const file = Object.entries(files).find(([path]) => path.endsWith(`.${code}.json`))?.[1]
        if (file) i18next.addResourceBundle(code, 'translation', (await file()).default, true, false)
        loaded.add(code)
      }),
    )
  }

  return function useFeatureStrings(): boolean {
    const { i18n } = useTranslation()
    const language = i18n.language
    const ready = loaded.has(language) && loaded.has(defaultLocale)
    const [, setLoads] = useState(0)
    useEffect(() => {
      if (ready) return
      let current = true
      void load(language).then(() => {
        if (current) setLoads((count) => count + 1)
      })
      return () => {
        current = false
      }
    }, [language, ready])
    return ready
  }
}
