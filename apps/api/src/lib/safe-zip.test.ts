import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { renamedInZip, zipOf } from '../../test/media-helpers.js'
import { ArchiveRefused, SafeArchive, baseFolder, type ArchiveLimits } from './safe-zip.js'

const limits: ArchiveLimits = {
  maxEntries: 20,
  maxEntryBytes: 800 * 1024,
  maxTotalBytes: 1024 * 1024,
  maxTextBytes: 64 * 1024,
  maxDepth: 2,
}

async function refusal(read: () => unknown): Promise<ArchiveRefused> {
  try {
    await read()
  } catch (error) {
    if (error instanceof ArchiveRefused) return error
    throw error
  }
  throw new Error('the archive was accepted')
}

describe('SafeArchive', () => {
  it('reads files, leaving out folders and macOS clutter, and finds the base folder', async () => {
    const zip = await zipOf([
      ['export/recipe.json', '{}'],
      ['export/images/a.jpg', 'jpg'],
      ['__MACOSX/export/._recipe.json', 'resource fork'],
      ['export/.DS_Store', 'finder'],
    ])
    const archive = await SafeArchive.read(zip, limits)
    expect(archive.entries.map((entry) => entry.path)).toEqual(['export/recipe.json', 'export/images/a.jpg'])
    expect(baseFolder(archive)).toBe('export')
    expect(archive.entries[0]?.bytes.toString()).toBe('{}')
  })

  it('refuses what is not a zip with 415 and a damaged zip with 400', async () => {
    expect((await refusal(() => SafeArchive.read(Buffer.from('title,description\n'), limits))).status).toBe(415)
    const zip = await zipOf([['a.txt', 'x'.repeat(5000)]])
    expect((await refusal(() => SafeArchive.read(zip.subarray(0, zip.length - 30), limits))).status).toBe(400)
  })

  it('refuses names that climb out of the archive or start at the root', async () => {
    for (const [placeholder, hostile] of [
      ['xx/evil.txt', '../evil.txt'],
      ['xetc/passwd', '/etc/passwd'],
      ['Cx-evil.txt', 'C:\\evil.txt'],
    ] as const) {
      const zip = renamedInZip(await zipOf([[placeholder, 'x']]), placeholder, hostile)
      const refused = await refusal(() => SafeArchive.read(zip, limits))
      expect(refused.status).toBe(400)
      expect(refused.message).toMatch(/outside its own folder/)
    }
  })

  it('counts inflated bytes and stops at the budget whatever the headers claim', async () => {
    const bomb = await zipOf([['zeros.bin', Buffer.alloc(2 * 1024 * 1024)]])
    expect(bomb.length).toBeLessThan(10_000)
    expect((await refusal(() => SafeArchive.read(bomb, limits))).message).toMatch(/zeros.bin unpacks to more than 1 MB/)
    // Each entry under its own limit, together over the upload's.
    const pair = await zipOf([
      ['a.bin', Buffer.alloc(600 * 1024)],
      ['b.bin', Buffer.alloc(600 * 1024)],
    ])
    expect((await refusal(() => SafeArchive.read(pair, limits))).message).toMatch(/archive unpacks to more than 1 MB/)
    // The header says 10 bytes; the stream inflates to 200 000: refused, not trusted.
    const honest = await zipOf([['zeros.bin', Buffer.alloc(200_000)]])
    const lying = Buffer.from(honest)
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    lying.writeUInt32LE(10, central + 24)
    lying.writeUInt32LE(10, 22)
    await expect(SafeArchive.read(lying, limits)).rejects.toBeInstanceOf(ArchiveRefused)
  })

  it('refuses too many entries before inflating any', async () => {
    const many = await zipOf(Array.from({ length: 21 }, (_item, index) => [`f${index}.txt`, 'x'] as [string, string]))
    const refused = await refusal(() => SafeArchive.read(many, limits))
    expect(refused.status).toBe(413)
    expect(refused.message).toMatch(/more than 20 files/)
  })

  it('shares one budget with the zips and gzip members inside, and refuses nesting past the limit', async () => {
    const innermost = await zipOf([['deep.txt', 'x']])
    const inner = await zipOf([['inner.zip', innermost]])
    const outer = await SafeArchive.read(await zipOf([['outer.zip', inner]]), limits)
    const opened = await outer.open(outer.entries[0]!)
    expect(opened.entries[0]?.path).toBe('inner.zip')
    expect((await refusal(() => opened.open(opened.entries[0]!))).status).toBe(400)

    const bombs = await zipOf([
      ['a.gz', gzipSync(Buffer.alloc(700 * 1024))],
      ['b.gz', gzipSync(Buffer.alloc(700 * 1024))],
    ])
    const archive = await SafeArchive.read(bombs, limits)
    expect(archive.gunzip(archive.entries[0]!).length).toBe(700 * 1024)
    expect((await refusal(() => archive.gunzip(archive.entries[1]!))).status).toBe(413)
  })
})
