// Prints, for each locale, the share of en-US keys it translates (missing keys fall back to en-US at runtime): the
// core strings (`locales/<locale>.json`) and every namespace loaded with its pages (`locales/<namespace>/<namespace>.<locale>.json`) together.
import { existsSync, readFileSync, readdirSync } from 'node:fs'

const directory = new URL('../src/i18n/locales/', import.meta.url)
const namespaces = readdirSync(directory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

function leafKeys(value, prefix = '') {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key))
}

/** Every key of a locale, each namespace's under its own name. */
function keysOf(locale) {
  const files = [[`${locale}.json`, ''], ...namespaces.map((name) => [`${name}/${name}.${locale}.json`, `${name}:`])]
  return files.flatMap(([path, prefix]) => {
    const file = new URL(path, directory)
    if (!existsSync(file)) return []
    return leafKeys(JSON.parse(readFileSync(file, 'utf8'))).map((key) => `${prefix}${key}`)
  })
}

const reference = new Set(keysOf('en-US'))
const rows = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const locale = file.replace(/\.json$/, '')
    const keys = keysOf(locale).filter((key) => key !== '' && reference.has(key))
    return { locale, translated: keys.length }
  })
  .sort((a, b) => b.translated - a.translated || a.locale.localeCompare(b.locale))

for (const { locale, translated } of rows) {
  const percent = ((translated / reference.size) * 100).toFixed(1)
  console.log(`${locale.padEnd(6)} ${percent.padStart(5)} %  ${String(translated).padStart(4)} / ${reference.size}`)
}
console.log(`\n${rows.length} locales, ${reference.size} keys in en-US`)
