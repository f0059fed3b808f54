// Prints, for each locale, the share of en-US keys it translates (missing keys fall back to en-US at runtime).
// Lazily loaded features keep their own strings in src/features/<area>/locales (src/i18n/feature-strings.ts); they
// count with the app's.
import { existsSync, readFileSync, readdirSync } from 'node:fs'

const directory = new URL('../src/i18n/locales/', import.meta.url)
const features = new URL('../src/features/', import.meta.url)
const featureDirectories = readdirSync(features)
  .map((area) => new URL(`${area}/locales/`, features))
  .filter((folder) => existsSync(folder))

function leafKeys(value, prefix = '') {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key))
}

function read(file) {
  const strings = JSON.parse(readFileSync(new URL(file, directory), 'utf8'))
  for (const folder of featureDirectories) {
    const featureFile = readdirSync(folder).find((name) => name.endsWith(`.${file}`))
    if (featureFile) Object.assign(strings, JSON.parse(readFileSync(new URL(featureFile, folder), 'utf8')))
  }
  return strings
}

const reference = new Set(leafKeys(read('en-US.json')))
const rows = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const keys = leafKeys(read(file)).filter((key) => key !== '' && reference.has(key))
    return { locale: file.replace(/\.json$/, ''), translated: keys.length }
  })
  .sort((a, b) => b.translated - a.translated || a.locale.localeCompare(b.locale))

for (const { locale, translated } of rows) {
  const percent = ((translated / reference.size) * 100).toFixed(1)
  console.log(`${locale.padEnd(6)} ${percent.padStart(5)} %  ${String(translated).padStart(4)} / ${reference.size}`)
}
console.log(`\n${rows.length} locales, ${reference.size} keys in en-US`)
