import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../../test/media-helpers.js'
import { SafeArchive, type ArchiveLimits } from '../../../lib/safe-zip.js'
import { createPageReader } from '../../../page-reader.js'
import type { MigrationItem } from '../migrated-recipe.js'
import { migrationArchiveLimits } from '../service.js'
import { readPaprika } from './paprika.js'

const pages = createPageReader()
afterAll(() => pages.close())

/** A `.paprikarecipe` member: the record as gzipped JSON, as Paprika writes it. */
const member = (record: Record<string, unknown>) => gzipSync(JSON.stringify(record))

async function read(files: Array<[string, Buffer]>, limits: ArchiveLimits) {
  const upload = await zipOf(files)
  return readPaprika({ upload, archive: () => SafeArchive.read(upload, limits), pages })
}

const outcomes = (items: MigrationItem[]) =>
  items.map((item) => (item.ok ? `read ${item.recipe.name}` : `${item.message} (${item.exception})`))

describe('the Paprika reader', () => {
  it('reports a record of a few KB that inflates past the entry limit as failed, and reads the others', async () => {
    const bomb = member({ name: 'Bomb', notes: 'a'.repeat(40 * 1024 * 1024) })
    expect(bomb.length).toBeLessThan(100 * 1024)
    const items = await read(
      [
        ['Export/soup.paprikarecipe', member({ name: 'Soup', ingredients: '1 egg' })],
        ['Export/bomb.paprikarecipe', bomb],
        ['Export/stew.paprikarecipe', member({ name: 'Stew', ingredients: '2 carrots' })],
      ],
      migrationArchiveLimits,
    )
    expect(outcomes(items)).toEqual([
      'read Soup',
      'Failed to import bomb.paprikarecipe (Error: Export/bomb.paprikarecipe unpacks to more than 32 MB)',
      'read Stew',
    ])
  })

  it('counts the text it keeps by its inflated size, photos apart, and reports the record past the budget', async () => {
    const limits: ArchiveLimits = { ...migrationArchiveLimits, maxTextBytes: 1024 * 1024 }
    const notes = 'n'.repeat(400 * 1024)
    const items = await read(
      [
        // The photo, larger than the whole text budget, is read again when converted, not kept: it does not count.
        ['pictured.paprikarecipe', member({ name: 'Pictured', photo_data: 'A'.repeat(2 * 1024 * 1024) })],
        ['first.paprikarecipe', member({ name: 'First', notes })],
        ['second.paprikarecipe', member({ name: 'Second', notes })],
        // Each member is a few hundred bytes; together their text is past the 1 MB budget.
        ['third.paprikarecipe', member({ name: 'Third', notes })],
        ['small.paprikarecipe', member({ name: 'Small', notes: 'short' })],
      ],
      limits,
    )
    expect(outcomes(items)).toEqual([
      'read Pictured',
      'read First',
      'read Second',
      'Failed to import third.paprikarecipe (Error: third.paprikarecipe unpacks to more text than is left of the 1 MB an export may hold)',
      'read Small',
    ])
  })
})
