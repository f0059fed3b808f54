import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database, Executor } from '../../db/client.js'
import { postgresErrorOf } from '../../db/errors.js'
import { inTransaction } from '../../db/transaction.js'
import { badRequest, conflict, HttpError } from '../../http/errors.js'
import type { SafeArchive } from '../../lib/safe-zip.js'
import type { DatabaseDump, DumpMedia } from './database-dump.js'
import { discardStaged, restorableFolders, stagingDirectory, swapStagedFolders, writeJournal } from './media-swap.js'
import { planRestore, type RestoreReport, type TableReport } from './restore-plan.js'
import { currentSchemaVersion, schemaVersionStanding } from './schema-version.js'
import {
  backedUpTableNames,
  createRehearsalTables,
  emptyTables,
  insertRows,
  knownTableNames,
  readTableShapes,
  recordRestore,
  refreshMissingRecipeSearch,
  resetSequence,
} from './tables.repo.js'

export type { RestoreReport, TableReport } from './restore-plan.js'

/** Media that goes with a dump, and where its bytes come from (the archive it was read out of). */
export interface DumpMediaSource {
  /** Archive path → path relative to DATA_DIR (`media/recipes/<id>/images/original.webp`). */
  files: DumpMedia
  /** The bytes of the archive entry at `archivePath`. */
  read(archivePath: string): Buffer
}

/** The media of a dump read out of a checked archive (lib/safe-zip.ts). */
export function mediaFromArchive(archive: SafeArchive, files: DumpMedia): DumpMediaSource {
  const entries = new Map(archive.entries.map((entry) => [entry.path, entry]))
  return {
    files,
    read(archivePath) {
      const entry = entries.get(archivePath)
      if (!entry) throw badRequest(`The archive has no file ${archivePath}`)
      return entry.bytes
    },
  }
}

export interface RestoreOptions {
  /** Verify: check and count everything, change nothing. */
  dryRun?: boolean
  /** The archive's name, recorded with the restore. */
  archive?: string
}

/** Where a restore may be held by a test, so that a process killed there dies at a known point. */
export type RestorePoint = 'media-staged' | 'before-commit' | 'committed'

const insertBatchRows = 500

/** Everything a dump's media may be written to: relative, inside one of the restorable folders, no climbing out. */
function checkedMediaTarget(relative: string): string | null {
  const normalized = path.posix.normalize(relative.replaceAll('\\', '/'))
  if (normalized.startsWith('/') || normalized.split('/').includes('..')) return null
  const [folder] = normalized.split('/')
  return (restorableFolders as readonly string[]).includes(folder!) && normalized !== folder ? normalized : null
}

/**
 * The one restore (docs/mealie-compatibility.md "Backups"): Larder's own backups and converted Mealie backups
 * both arrive here as a `DatabaseDump` and its media. Nothing live is touched until everything is checked and the
 * media are staged; the database is replaced in one transaction; the media are swapped in after it commits (see
 * media-swap.ts for the crash protocol). Any failure before the commit leaves data and media as they were.
 */
export function createRestoreService(deps: {
  db: Database
  dataDirectory: string
  log: (message: string, error?: unknown) => void
  /** Tests: hold the restore at a point. */
  pauseAt?: (point: RestorePoint) => Promise<void>
}) {
  const { db, dataDirectory } = deps
  const pauseAt = deps.pauseAt ?? (() => Promise.resolve())
  let running = false

  function checkDump(dump: DatabaseDump) {
    if (typeof dump !== 'object' || dump === null || typeof dump.tables !== 'object' || dump.tables === null) {
      throw badRequest('The backup holds no database (database.json has no tables)')
    }
    const standing = schemaVersionStanding(String(dump.schemaVersion))
    if (standing === 'unknown') {
      throw badRequest(
        `This backup was made by a newer Larder (database schema ${String(dump.schemaVersion)}); this Larder's schema is ` +
          `${currentSchemaVersion()}. Upgrade Larder, then restore it.`,
      )
    }
    const unknown = Object.keys(dump.tables).filter((name) => !knownTableNames.has(name))
    if (unknown.length > 0) throw badRequest(`The backup holds tables Larder does not know: ${unknown.join(', ')}`)
    for (const [name, rows] of Object.entries(dump.tables)) {
      if (!Array.isArray(rows) || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
        throw badRequest(`The backup's ${name} is not a list of rows`)
      }
    }
  }

  function planMedia(media: DumpMediaSource) {
    const report: TableReport = { restored: 0, skipped: 0, reasons: [] }
    const files: { archivePath: string; target: string }[] = []
    const outside: string[] = []
    for (const [archivePath, relative] of media.files) {
      const target = checkedMediaTarget(relative)
      if (target) files.push({ archivePath, target })
      else outside.push(relative)
    }
    report.restored = files.length
    report.skipped = outside.length
    if (outside.length > 0) {
      report.reasons.push(
        `a file outside ${restorableFolders.join(' and ')} (${outside.length} files, e.g. ${outside[0]})`,
      )
    }
    return { files, report }
  }

  async function stageMedia(id: string, media: DumpMediaSource, files: { archivePath: string; target: string }[]) {
    const staging = stagingDirectory(dataDirectory, id)
    // The media folder is staged even when empty: a restore replaces the whole library, pictures included.
    await fs.mkdir(path.join(staging, 'media'), { recursive: true })
    for (const file of files) {
      const target = path.join(staging, file.target)
      await fs.mkdir(path.dirname(target), { recursive: true })
      await fs.writeFile(target, media.read(file.archivePath))
    }
    const folders = new Set<string>(['media'])
    for (const file of files) folders.add(file.target.split('/')[0]!)
    return [...folders]
  }

  /**
   * Restores `dump` and its media, or with `dryRun` only reports what a restore would do (its rows inserted into
   * temporary copies of the tables, then rolled back). Refuses (400) a dump from
   * a newer schema or naming unknown tables before anything is read; answers per table what was restored and
   * what was left out and why.
   */
  async function restoreDump(
    dump: DatabaseDump,
    media: DumpMediaSource,
    options: RestoreOptions = {},
  ): Promise<RestoreReport> {
    checkDump(dump)
    const shapes = await readTableShapes(db, backedUpTableNames)
    const plan = planRestore(dump.tables, shapes)
    const mediaPlan = planMedia(media)
    const report: RestoreReport = {
      tables: Object.fromEntries(plan.map((table) => [table.name, table.report])),
      media: mediaPlan.report,
    }
    const insertAll = async (tx: Executor) => {
      for (const table of plan) {
        for (let start = 0; start < table.rows.length; start += insertBatchRows) {
          await insertRows(tx, table.name, table.columns, table.rows.slice(start, start + insertBatchRows))
        }
      }
    }
    if (options.dryRun) {
      // The same inserts into temporary stand-ins, rolled back: a verify meets every refusal a restore would.
      await inTransaction(db, async (tx) => {
        await createRehearsalTables(tx, backedUpTableNames)
        await insertAll(tx)
        throw new Rehearsed()
      }).catch((error: unknown) => {
        if (!(error instanceof Rehearsed)) throw refusedRows(error)
      })
      return report
    }

    if (running) throw conflict('A restore is already running')
    running = true
    const id = randomUUID()
    let committed = false
    try {
      const folders = await stageMedia(id, media, mediaPlan.files)
      await pauseAt('media-staged')
      await writeJournal(dataDirectory, { id, folders })
      try {
        await inTransaction(db, async (tx) => {
          await emptyTables(tx, backedUpTableNames)
          await insertAll(tx)
          for (const table of plan) {
            for (const column of shapes.get(table.name)!.columns) {
              if (column.sequence) await resetSequence(tx, table.name, column.name, column.sequence)
            }
          }
          await refreshMissingRecipeSearch(tx)
          await recordRestore(tx, id, options.archive ?? 'database dump')
          await pauseAt('before-commit')
        })
      } catch (error) {
        await discardStaged(dataDirectory, id)
        throw refusedRows(error)
      }
      committed = true
      await pauseAt('committed')
      await swapStagedFolders(dataDirectory, { id, folders })
      return report
    } catch (error) {
      // Before the commit the staged media are thrown away; after it they are the library's media now, and the
      // journal lets the next start finish the swap.
      if (!committed) await discardStaged(dataDirectory, id).catch(() => {})
      throw error
    } finally {
      running = false
    }
  }

  return { restoreDump }
}

/** Ends a verify's transaction: everything it wrote is rolled back. */
class Rehearsed extends Error {}

/** Rows PostgreSQL refused (a value of the wrong type, a repeated unique name): the backup's fault, a 400. */
function refusedRows(error: unknown): unknown {
  if (error instanceof HttpError) return error
  const problem = postgresErrorOf(error)
  if (problem && /^(22|23)/.test(problem.code ?? '')) {
    return badRequest(`The backup's rows could not be restored, nothing was changed: ${problem.message}`)
  }
  return error
}

export type RestoreService = ReturnType<typeof createRestoreService>
