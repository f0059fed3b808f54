import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { settingNames } from './config.js'

const documentation = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')

/**
 * The settings named in the first column of the table, where a row may stand for a family of settings, written
 * `THEME_LIGHT_PRIMARY` … `THEME_LIGHT_ERROR`: every setting that starts like both ends.
 */
function documentedSettings(): { names: Set<string>; families: string[] } {
  const names = new Set<string>()
  const families: string[] = []
  for (const line of documentation.split('\n')) {
    const firstCell = /^\|\s*([^|]*?)\s*\|/.exec(line)?.[1] ?? ''
    const named = [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)
    if (named.length === 2 && firstCell.includes('…')) {
      const [first, last] = named as [string, string]
      let common = 0
      while (common < first.length && first[common] === last[common]) common += 1
      families.push(first.slice(0, common))
    }
    for (const name of named) names.add(name)
  }
  return { names, families }
}

describe('docs/configuration.md', () => {
  it('documents every setting config.ts reads', () => {
    const { names, families } = documentedSettings()
    const missing = settingNames.filter(
      (name) => !names.has(name) && !families.some((prefix) => name.startsWith(prefix)),
    )
    expect(missing, 'settings config.ts reads that docs/configuration.md does not list').toEqual([])
  })

  it('documents no setting that config.ts does not read', () => {
    const read = new Set(settingNames)
    const stale = [...documentedSettings().names].filter((name) => !read.has(name))
    expect(stale, 'settings docs/configuration.md lists that config.ts does not read').toEqual([])
  })
})
