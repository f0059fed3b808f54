import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { AllBackups, BackupRestoreReport, SuccessResponse } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { prettySize } from '../../lib/file-size.js'
import { ArchiveRefused, looksLikeZip, type ArchiveLimits } from '../../lib/safe-zip.js'
import type { DatabaseDump, DumpMedia } from './database-dump.js'
import {
  isLarderDump,
  readBackupArchive,
  writeBackupArchive,
  type BackupPoint,
  type ReadArchive,
} from './backup-archive.js'
import { mediaFromArchive, type RestoreService } from './restore.service.js'

/**
 * A dump another program wrote (Mealie's), turned into Larder's; null when the converter does not know it. `tables`
 * reports per table of the foreign backup (every row of it counted), and replaces the restore's per-Larder-table
 * report in the answer.
 */
export type ArchiveConverter = (
  read: ReadArchive,
) => Promise<{ dump: DatabaseDump; media: DumpMedia; tables?: BackupRestoreReport['tables'] } | null>

/** A backup's name as it may appear in a route: one file of the backups folder, a zip, never hidden. */
const backupName = /^[^/\\\0]+\.zip$/

function checkedName(name: string): string {
  if (!backupName.test(name) || name.startsWith('.') || path.basename(name) !== name) {
    throw badRequest(`${JSON.stringify(name)} is not the name of a backup`)
  }
  return name
}

const pad = (value: number) => String(value).padStart(2, '0')

/** `larder_YYYY.MM.DD.HH.MM.SS.zip` in UTC, as Mealie names its own (`mealie_…`). */
export function backupFileName(now: Date): string {
  const parts = [
    now.getUTCFullYear(),
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]
  return `larder_${parts.map(pad).join('.')}.zip`
}

const refused = (error: unknown) =>
  error instanceof ArchiveRefused ? new HttpError(error.status, error.message) : error

/**
 * `/api/admin/backups` (docs/mealie-compatibility.md "Backups"): the archives in DATA_DIR/backups. A file appears there only whole: every
 * write goes to `.<name>.partial` first and is renamed when done, so a crash leaves at most a hidden partial that
 * the list never shows and the next start removes.
 */
export function createBackupService(deps: {
  db: Database
  dataDirectory: string
  version: string
  fileTokens: FileTokens
  restore: RestoreService
  log: (message: string, error?: unknown) => void
  convertArchive?: ArchiveConverter
  now?: () => Date
  pauseAt?: (point: BackupPoint) => Promise<void>
  /** Tests: smaller limits, to refuse a bomb without inflating gigabytes. */
  archiveLimits?: ArchiveLimits
}) {
  const { dataDirectory } = deps
  const now = deps.now ?? (() => new Date())
  const folder = path.join(dataDirectory, 'backups')
  const pathOf = (name: string) => path.join(folder, checkedName(name))
  let creating: Promise<string> | undefined

  async function existingFile(name: string): Promise<string> {
    const file = pathOf(name)
    const stats = await fs.lstat(file).catch(() => null)
    if (!stats?.isFile()) throw notFound(`No backup named ${name}`)
    return file
  }

  /** Writes `bytes` or a stream's output to `name` in the folder, through a hidden partial file. */
  async function writeWhole(name: string, write: (partial: string) => Promise<void>) {
    await fs.mkdir(folder, { recursive: true })
    const partial = path.join(folder, `.${name}.${randomUUID()}.partial`)
    try {
      await write(partial)
      await fs.rename(partial, path.join(folder, name))
    } catch (error) {
      await fs.rm(partial, { force: true })
      throw error
    }
  }

  async function create(): Promise<string> {
    const name = backupFileName(now())
    await writeWhole(name, (partial) =>
      writeBackupArchive({ db: deps.db, dataDirectory, version: deps.version, target: partial, pauseAt: deps.pauseAt }),
    )
    return name
  }

  async function dumpOf(name: string) {
    const bytes = await fs.readFile(await existingFile(name))
    const read = await readBackupArchive(bytes, deps.archiveLimits).catch((error: unknown) => {
      throw refused(error)
    })
    if (isLarderDump(read.json)) {
      return { dump: read.json, media: mediaFromArchive(read.archive, read.media), tables: undefined }
    }
    const converted = await deps.convertArchive?.(read)
    if (!converted) {
      throw badRequest("This archive's database.json is neither a Larder nor a Mealie backup Larder can read")
    }
    return { dump: converted.dump, media: mediaFromArchive(read.archive, converted.media), tables: converted.tables }
  }

  return {
    async list(): Promise<AllBackups> {
      const names = await fs.readdir(folder).catch(() => [] as string[])
      const imports = []
      for (const name of names) {
        if (name.startsWith('.') || !name.endsWith('.zip')) continue
        const stats = await fs.lstat(path.join(folder, name)).catch(() => null)
        if (!stats?.isFile()) continue
        imports.push({ name, date: stats.mtime.toISOString(), size: prettySize(stats.size), mtime: stats.mtimeMs })
      }
      imports.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name))
      const templates = await fs.readdir(path.join(dataDirectory, 'templates')).catch(() => [] as string[])
      return { imports: imports.map(({ name, date, size }) => ({ name, date, size })), templates: templates.sort() }
    },

    /** One backup at a time per instance: a second request while one is written is told so, not queued. */
    async create(): Promise<SuccessResponse> {
      if (creating) throw conflict('A backup is being written: wait for it to finish')
      creating = create()
      try {
        await creating
      } finally {
        creating = undefined
      }
      return { message: 'Backup created successfully', error: false }
    },

    /** For the nightly job: the backup's name. */
    createNow: create,

    async token(name: string): Promise<{ fileToken: string }> {
      await existingFile(name)
      return { fileToken: deps.fileTokens.issue(path.posix.join('backups', name)) }
    },

    async delete(name: string): Promise<SuccessResponse> {
      await fs.rm(await existingFile(name))
      return { message: `${name} has been deleted.`, error: false }
    },

    /** Mealie's rules: a name with a dot ending in `.zip`; stored under its stem, replacing one of that name. */
    async upload(clientName: string | undefined, bytes: Buffer): Promise<SuccessResponse> {
      const base = path.basename((clientName ?? '').replaceAll('\\', '/'))
      if (!base.includes('.') || !base.toLowerCase().endsWith('.zip') || base.startsWith('.')) {
        throw badRequest('The uploaded file must be a .zip backup')
      }
      const name = checkedName(`${base.slice(0, -'.zip'.length)}.zip`)
      if (!looksLikeZip(bytes)) throw new HttpError(415, 'This file is not a zip archive')
      await writeWhole(name, (partial) => fs.writeFile(partial, bytes))
      return { message: `${name} has been uploaded.`, error: false }
    },

    async restore(name: string): Promise<BackupRestoreReport> {
      const { dump, media, tables } = await dumpOf(name)
      const report = await deps.restore.restoreDump(dump, media, { archive: name })
      return { message: 'Restore successful', error: false, ...report, tables: tables ?? report.tables }
    },

    async verify(name: string): Promise<BackupRestoreReport> {
      const { dump, media, tables } = await dumpOf(name)
      const report = await deps.restore.restoreDump(dump, media, { dryRun: true, archive: name })
      return { message: `${name} can be restored`, error: false, ...report, tables: tables ?? report.tables }
    },

    /** Keeps the `keep` newest of the nightly backups (`larder_…`); uploaded ones are the administrator's to delete. */
    async prune(keep: number): Promise<string[]> {
      const names = (await fs.readdir(folder).catch(() => [] as string[]))
        .filter((name) => /^larder_\d{4}(\.\d{2}){5}\.zip$/.test(name))
        .sort()
        .reverse()
      const removed = names.slice(keep)
      for (const name of removed) await fs.rm(path.join(folder, name), { force: true })
      return removed
    },

    /** On start: partial files a killed backup or upload left behind. */
    async removePartials(): Promise<string[]> {
      const names = (await fs.readdir(folder).catch(() => [] as string[])).filter(
        (name) => name.startsWith('.') && name.endsWith('.partial'),
      )
      for (const name of names) await fs.rm(path.join(folder, name), { force: true })
      return names
    },
  }
}

export type BackupService = ReturnType<typeof createBackupService>
