import type { ResourceKey } from 'i18next'

// The strings of the namespaces pages load with themselves: `locales/<namespace>/<namespace>.<locale>.json`, one
// chunk each. This map is its own chunk too, so the first page (sign-in) carries none of their names.
const files = import.meta.glob<{ default: ResourceKey }>('./locales/*/*.json')

export function namespaceFile(language: string, namespace: string) {
  return files[`./locales/${namespace}/${namespace}.${language}.json`]
}
