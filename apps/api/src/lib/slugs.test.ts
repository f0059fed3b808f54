import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { slugify } from './slugs.js'

/*
 * Mealie's slugs (python-slugify over text-unidecode), read in place from the shared corpus: 555 names with the slug
 * Mealie gave each. The corpus sits beside the repository; a worktree is one level deeper than the main checkout.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..')
const corpusFile = [
  path.join(repositoryRoot, '..', 'shared', 'corpus', 'slugs', 'mealie-slugs.tsv'),
  path.join(repositoryRoot, '..', '..', 'shared', 'corpus', 'slugs', 'mealie-slugs.tsv'),
].find((candidate) => existsSync(candidate))

describe('slugify (Mealie: python-slugify with text-unidecode)', () => {
  it('splits words at apostrophes and joins them again at typographic ones, as Mealie does', () => {
    expect(slugify("Skillet Shepherd's Pie")).toBe('skillet-shepherd-s-pie')
    expect(slugify('Emeril’s Famous Banana Cream Pie')).toBe('emerils-famous-banana-cream-pie')
    expect(slugify("  '' Quoted ''  ")).toBe('quoted')
  })

  it('transliterates every script to ASCII letters, after splitting off accents and Japanese voiced marks', () => {
    expect(slugify('Smørrebrød')).toBe('smorrebrod')
    expect(slugify('Crème brûlée')).toBe('creme-brulee')
    expect(slugify('Straße')).toBe('strasse')
    expect(slugify('Пельмени по-сибирски')).toBe('pelmeni-po-sibirski')
    expect(slugify('Μουσακάς')).toBe('mousakas')
    expect(slugify('麻婆豆腐')).toBe('ma-po-dou-fu')
    expect(slugify('でんぷん')).toBe('tenhun')
    expect(slugify('김치찌개')).toBe('gimcijjigae')
    expect(slugify('חלה לשבת')).toBe('khlh-lshbt')
  })

  it('reads HTML 4 entities and numeric references, drops thousands separators and characters past the BMP', () => {
    expect(slugify('Mac &amp; Cheese')).toBe('mac-cheese')
    expect(slugify('Shepherd&#39;s Pie')).toBe('shepherds-pie')
    expect(slugify('Shepherd&apos;s Pie')).toBe('shepherd-apos-s-pie')
    expect(slugify('&#x41;BC &#66;')).toBe('abc-b')
    // One reference out of range leaves every decimal reference as written, as Python's failed substitution does.
    expect(slugify('&#99999999; &#65;')).toBe('99999999-65')
    expect(slugify('1,000 Island Dressing')).toBe('1000-island-dressing')
    expect(slugify('Pizza 🍕 Night')).toBe('pizza-night')
    expect(slugify('½ cup, 3°C, ™')).toBe('1-2-cup-3degc-tm')
  })

  it('gives nothing for a name without letters or digits', () => {
    expect(slugify('')).toBe('')
    expect(slugify('🍕 -- ♪')).toBe('')
  })

  it.skipIf(!corpusFile)('gives every name of the corpus the slug Mealie gave it', () => {
    const rows = readFileSync(corpusFile!, 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.includes('\t'))
      .map((line) => line.split('\t') as [string, string])
    expect(rows.length).toBeGreaterThanOrEqual(555)
    const misses = rows.filter(([name, slug]) => slugify(name) !== slug).map(([name, slug]) => `${name} → ${slug}`)
    expect(misses).toEqual([])
  })
})

if (!corpusFile) {
  console.warn(
    'slugs.test.ts: the corpus test is skipped, no ../shared/corpus/slugs/mealie-slugs.tsv beside the repository',
  )
}
