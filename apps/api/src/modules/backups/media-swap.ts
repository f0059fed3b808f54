import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Media of a restore, swapped in the way the database is: whole or not at all. The archive's files are written to
 * `DATA_DIR/.restore-<id>/` first; a journal naming the restore is written (and flushed) before the database
 * transaction commits; after the commit each live folder is moved to `.restore-<id>-old/` and the staged one moved
 * into its place, by rename, and only then are the old folders and the journal removed.
 *
 * A process killed anywhere in between leaves the journal, and the next start (`recoverInterruptedRestore`) asks the
 * database whether that restore's row committed: yes → it finishes the swap; no → it deletes the staged folder,
 * leaving the live media as they were. Renames within one file system are atomic, so no folder is ever half there.
 */

/** The live folders under DATA_DIR a restore may replace: the archive's `data/` is mapped into these. */
export const restorableFolders = ['media', 'templates'] as const

const journalName = '.restore-journal.json'

interface Journal {
  id: string
  /** The folders swapped, each staged as `.restore-<id>/<folder>`. */
  folders: string[]
}

export const stagingDirectory = (dataDirectory: string, id: string) => path.join(dataDirectory, `.restore-${id}`)
const oldDirectory = (dataDirectory: string, id: string) => path.join(dataDirectory, `.restore-${id}-old`)
const journalPath = (dataDirectory: string) => path.join(dataDirectory, journalName)

const exists = (target: string) =>
  fs.lstat(target).then(
    () => true,
    () => false,
  )

/** Writes the journal and flushes it to disk: after this, a crash is resolved by the database's word. */
export async function writeJournal(dataDirectory: string, journal: Journal): Promise<void> {
  const target = journalPath(dataDirectory)
  const partial = `${target}.partial`
  const handle = await fs.open(partial, 'w')
  try {
    await handle.writeFile(JSON.stringify(journal))
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fs.rename(partial, target)
}

/**
 * Moves the staged folders in, keeping each live one aside until all are in, then clears up. Safe to run again
 * after a crash at any step: each folder's state says which of its two renames is still to do.
 */
export async function swapStagedFolders(dataDirectory: string, journal: Journal): Promise<void> {
  const staging = stagingDirectory(dataDirectory, journal.id)
  const old = oldDirectory(dataDirectory, journal.id)
  await fs.mkdir(old, { recursive: true })
  for (const folder of journal.folders) {
    const staged = path.join(staging, folder)
    const live = path.join(dataDirectory, folder)
    if (!(await exists(staged))) continue // Swapped before the crash.
    if (await exists(live)) await fs.rename(live, path.join(old, folder))
    await fs.rename(staged, live)
  }
  await fs.rm(journalPath(dataDirectory), { force: true })
  await fs.rm(old, { recursive: true, force: true })
  await fs.rm(staging, { recursive: true, force: true })
}

/** A restore that failed before its commit: the staged media go, the live ones were never touched. */
export async function discardStaged(dataDirectory: string, id: string): Promise<void> {
  await fs.rm(journalPath(dataDirectory), { force: true })
  await fs.rm(stagingDirectory(dataDirectory, id), { recursive: true, force: true })
}

/**
 * On start, before anything serves media: finishes or undoes a restore the last process did not see through, and
 * removes staging folders no journal names (a crash before the journal was written). Answers what it did, for
 * the log.
 */
export async function recoverInterruptedRestore(
  dataDirectory: string,
  committed: (id: string) => Promise<boolean>,
): Promise<string | null> {
  let outcome: string | null = null
  const journal = await fs
    .readFile(journalPath(dataDirectory), 'utf8')
    .then((text) => JSON.parse(text) as Journal)
    .catch(() => null)
  if (journal) {
    if (await committed(journal.id)) {
      await swapStagedFolders(dataDirectory, journal)
      outcome = `finished swapping in the media of restore ${journal.id}`
    } else {
      await discardStaged(dataDirectory, journal.id)
      outcome = `discarded the staged media of restore ${journal.id}, which never committed`
    }
  }
  await fs.rm(`${journalPath(dataDirectory)}.partial`, { force: true })
  const entries = await fs.readdir(dataDirectory).catch(() => [] as string[])
  for (const entry of entries) {
    if (/^\.restore-[0-9a-f-]{36}(-old)?$/.test(entry)) {
      await fs.rm(path.join(dataDirectory, entry), { recursive: true, force: true })
      outcome ??= `removed ${entry}, left by a restore that stopped before its commit`
    }
  }
  return outcome
}
