import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { finished } from 'node:stream/promises'
import yazl from 'yazl'
import type { Database } from '../../db/client.js'
import { badRequest } from '../../http/errors.js'
import { ArchiveRefused, SafeArchive, type ArchiveLimits } from '../../lib/safe-zip.js'
import type { DatabaseDump, DumpMedia } from './database-dump.js'
import { currentSchemaVersion } from './schema-version.js'
import { backedUpTableNames, forEachRowBatch } from './tables.repo.js'

/**
 * Larder's backup archive, in Mealie's layout (reference §9.1): `database.json` and `data/`, where `data/recipes/…`,
 * `data/users/…`, `data/groups/…` are the folders of DATA_DIR/media and `data/templates/…` the export templates.
 * Nothing else of DATA_DIR goes in: not the embedded database's folder, the backups, temporary files or the secret.
 */

export const databaseEntry = 'database.json'

/** Generous: a library's pictures; each upload is still read under one budget (lib/safe-zip.ts). */
export const backupArchiveLimits: ArchiveLimits = {
  maxEntries: 500_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  maxTextBytes: 512 * 1024 * 1024,
  maxDepth: 1,
}

/** Where an archive's `data/` file lives under DATA_DIR: `data/templates/x` → `templates/x`, `data/y` → `media/y`. */
export function dataDirectoryPathOf(archivePath: string): string | null {
  if (!archivePath.startsWith('data/')) return null
  const inside = archivePath.slice('data/'.length)
  if (inside === '') return null
  return inside.startsWith('templates/') ? inside : `media/${inside}`
}

/** Group export zips are rebuilt on request and expire in a day: never worth a backup (Mealie leaves them out too). */
const isSkippedMedia = (relative: string) => /^groups\/[^/]+\/exports\//.test(relative) || relative.endsWith('.zip')

async function* filesUnder(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => [])
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* filesUnder(root, child)
    else if (entry.isFile()) yield child
  }
}

/** Where a backup may be held by a test: after the database was read, before the media are added. */
export type BackupPoint = 'database-written'

/**
 * Streams a backup to `target`: the database read in one repeatable-read, read-only transaction (one consistent
 * moment), written table by table as it is read, then the media. The caller writes to a hidden temporary name and
 * renames it when this resolves, so a backup in the folder is always whole.
 */
export async function writeBackupArchive(deps: {
  db: Database
  dataDirectory: string
  version: string
  target: string
  pauseAt?: (point: BackupPoint) => Promise<void>
}): Promise<void> {
  const zip = new yazl.ZipFile()
  const output = createWriteStream(deps.target)
  zip.outputStream.pipe(output)
  const databaseJson = new PassThrough()
  zip.addReadStream(databaseJson, databaseEntry)
  const write = async (text: string) => {
    if (!databaseJson.write(text)) await once(databaseJson, 'drain')
  }

  try {
    await deps.db.transaction(
      async (tx) => {
        await write(
          `{"format":"larder","larderVersion":${JSON.stringify(deps.version)},"schemaVersion":${JSON.stringify(currentSchemaVersion())},"tables":{`,
        )
        for (const [index, table] of backedUpTableNames.entries()) {
          await write(`${index === 0 ? '' : ','}\n${JSON.stringify(table)}:[`)
          let first = true
          await forEachRowBatch(tx, table, 500, async (rows) => {
            await write((first ? '\n' : ',\n') + rows.join(',\n'))
            first = false
          })
          await write(']')
        }
        await write('\n}}\n')
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    databaseJson.end()
    await deps.pauseAt?.('database-written')

    const media = path.join(deps.dataDirectory, 'media')
    for await (const relative of filesUnder(media)) {
      if (!isSkippedMedia(relative)) addFile(zip, path.join(media, relative), `data/${relative}`)
    }
    const templates = path.join(deps.dataDirectory, 'templates')
    for await (const relative of filesUnder(templates))
      addFile(zip, path.join(templates, relative), `data/templates/${relative}`)
    zip.end()
    await finished(output)
    // On disk before the rename makes it a backup.
    const handle = await fs.open(deps.target, 'r+')
    await handle.sync().finally(() => handle.close())
  } catch (error) {
    databaseJson.destroy()
    output.destroy()
    throw error
  }
}

function addFile(zip: yazl.ZipFile, absolute: string, archivePath: string) {
  // Pictures are compressed already: stored, not deflated again.
  const compress = !/\.(webp|jpe?g|png|gif|avif|heic)$/i.test(archivePath)
  zip.addReadStreamLazy(archivePath, { compress }, (done) => {
    const stream = createReadStream(absolute)
    // A file deleted since the walk is an error of the whole backup, not a silent hole in it.
    stream.on('error', (error) => zip.emit('error', error))
    done(null, stream)
  })
}

/** An archive's database and media, checked: what restore takes. `json` is database.json parsed, for converters. */
export interface ReadArchive {
  archive: SafeArchive
  /** database.json as parsed; its shape is checked by whoever restores it. */
  json: unknown
  /** Every `data/` file of the archive, mapped to its place under DATA_DIR. */
  media: DumpMedia
}

/**
 * Reads an uploaded or stored archive without trusting it: a damaged, truncated, hostile or oversized zip is refused
 * (400, 413, 415) before anything is used. Accepts the layout Safari makes of a downloaded zip (one folder around
 * `database.json` and `data/`, beside `__MACOSX`).
 */
export async function readBackupArchive(bytes: Buffer, limits = backupArchiveLimits): Promise<ReadArchive> {
  const archive = await SafeArchive.read(bytes, limits)
  let base = ''
  if (!archive.entries.some((entry) => entry.path === databaseEntry)) {
    const wrapped = archive.entries.find((entry) => /^[^/]+\/database\.json$/.test(entry.path))
    if (!wrapped) throw new ArchiveRefused(400, 'This archive is not a backup: it has no database.json')
    base = wrapped.path.slice(0, -databaseEntry.length)
  }
  const databaseFile = archive.entries.find((entry) => entry.path === `${base}${databaseEntry}`)!
  let json: unknown
  try {
    json = JSON.parse(databaseFile.text())
  } catch (error) {
    throw badRequest(`The backup's database.json is not valid JSON (${(error as Error).message})`)
  }
  const media: DumpMedia = new Map()
  for (const entry of archive.entries) {
    if (!entry.path.startsWith(base)) continue
    const relative = dataDirectoryPathOf(entry.path.slice(base.length))
    if (relative) media.set(entry.path, relative)
  }
  return { archive, json, media }
}

/** Whether database.json is Larder's own: Mealie's has an `alembic_version` table and no `format`. */
export function isLarderDump(json: unknown): json is DatabaseDump {
  return typeof json === 'object' && json !== null && (json as { format?: unknown }).format === 'larder'
}
