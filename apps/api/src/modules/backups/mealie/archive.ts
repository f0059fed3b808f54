import { badRequest } from '../../../http/errors.js'
import type { ArchiveEntry, SafeArchive } from '../../../lib/safe-zip.js'
import { revisionIndex, unknownRevision } from './revisions.js'

/** A Mealie `database.json`: every table of Mealie's database by name, rows by Mealie's column names (docs/mealie-compatibility.md "Backups"). */
export type MealieTables = Record<string, MealieRow[]>
export type MealieRow = Record<string, unknown>

/** What a Mealie backup holds once found in its archive: the rows, their revision and the data folder's files. */
export interface MealieBackup {
  revision: string
  tables: MealieTables
  /** Files under the archive's `data/`, by their path relative to it (`recipes/<id>/images/original.webp`). */
  dataFiles: Map<string, ArchiveEntry>
}

/**
 * The folder holding `database.json`: the archive's root, or — for archives macOS Safari wrapped (a `__MACOSX/`
 * folder beside one arbitrarily named folder) — that one folder, as Mealie's restore finds it. Null when there is none.
 */
function baseFolder(entries: readonly ArchiveEntry[]): string | null {
  if (entries.some((entry) => entry.path === 'database.json')) return ''
  const wrapped = entries
    .map((entry) => entry.path.split('/'))
    .filter((segments) => segments.length === 2 && segments[1] === 'database.json' && !segments[0]!.startsWith('__'))
  return wrapped.length === 1 ? `${wrapped[0]![0]}/` : null
}

/** Whether an archive is a Mealie backup: a `database.json` (at its base) that names an alembic revision. */
export function findMealieDatabase(archive: SafeArchive): { base: string; database: ArchiveEntry } | null {
  const base = baseFolder(archive.entries)
  if (base === null) return null
  const database = archive.entries.find((entry) => entry.path === `${base}database.json`)
  return database ? { base, database } : null
}

/**
 * Reads a Mealie backup out of an archive, refusing (400, before anything changes) one whose `database.json` is damaged
 * or whose revision is newer than Larder knows. Null when the archive is not a Mealie backup (no `database.json`, or
 * one without `alembic_version`).
 */
export function readMealieBackup(archive: SafeArchive): MealieBackup | null {
  const found = findMealieDatabase(archive)
  if (!found) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(found.database.text())
  } catch {
    throw badRequest("The backup's database.json is not valid JSON")
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest("The backup's database.json is not an object of tables")
  }
  const tables = parsed as Record<string, unknown>
  // Larder's own backups hold a database.json too: only Mealie's names an alembic revision.
  if (!('alembic_version' in tables)) return null
  const versions = tables.alembic_version
  const revision = Array.isArray(versions) ? (versions[0] as { version_num?: unknown } | undefined)?.version_num : null
  if (typeof revision !== 'string') {
    throw badRequest("The backup's database.json names no schema revision (alembic_version): it is not a Mealie backup")
  }
  if (revisionIndex(revision) < 0) throw unknownRevision(revision)
  for (const [name, rows] of Object.entries(tables)) {
    if (!Array.isArray(rows) || rows.some((row) => !row || typeof row !== 'object' || Array.isArray(row))) {
      throw badRequest(`The backup's table ${JSON.stringify(name)} is not a list of rows`)
    }
  }
  const dataPrefix = `${found.base}data/`
  const dataFiles = new Map<string, ArchiveEntry>()
  for (const entry of archive.entries) {
    if (entry.path.startsWith(dataPrefix) && !entry.path.endsWith('/')) {
      dataFiles.set(entry.path.slice(dataPrefix.length), entry)
    }
  }
  return { revision, tables: tables as MealieTables, dataFiles }
}
