import i18next, { type ResourceKey } from 'i18next'
import { beforeLocaleChange } from './i18n'
import { defaultLocale } from './locales'

/**
 * Strings of the parts of the app the sign-in page never shows live in `sections/<section>/<locale>.json`, under
 * the same keys they would have in the main locale file (`recipes.page.…`), and arrive with the routes that use
 * them: the main locale file is loaded by /login, whose JavaScript budget is 150 KB gzip (DESIGN §9).
 * `locale-coverage.mjs` counts them with the main files.
 */
const sectionFiles = import.meta.glob<{ default: ResourceKey }>('./sections/*/*.json')

export type SectionName = 'recipes'

const wanted = new Set<SectionName>()
const loading = new Map<string, Promise<void>>()

function loadOne(section: SectionName, locale: string): Promise<void> {
  const key = `${section}/${locale}`
  let promise = loading.get(key)
  if (!promise) {
    const load = sectionFiles[`./sections/${key}.json`]
    promise = load
      ? load().then((module) => {
          i18next.addResourceBundle(locale, 'translation', module.default, true, false)
        })
      : Promise.resolve()
    // A failed chunk may be asked for again (the chunk-reload logic retries pages).
    promise.catch(() => loading.delete(key))
    loading.set(key, promise)
  }
  return promise
}

/** The wanted sections' strings in `locale` and in the fallback language. */
export async function loadSectionsFor(locale: string, sections: Iterable<SectionName> = wanted): Promise<void> {
  await Promise.all([...sections].flatMap((section) => [loadOne(section, locale), loadOne(section, defaultLocale)]))
}

// `changeLocale` waits for the sections in use in the new language.
beforeLocaleChange.push((locale) => loadSectionsFor(locale))

/** A page chunk that resolves once its section's strings are there too (for `routePage`'s loader). */
export function withSection<Module>(section: SectionName, chunk: Promise<Module>): Promise<Module> {
  wanted.add(section)
  return Promise.all([chunk, loadSectionsFor(i18next.language || defaultLocale, [section])]).then(([module]) => module)
}
