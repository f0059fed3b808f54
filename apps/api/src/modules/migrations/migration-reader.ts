import type { SafeArchive } from '../../lib/safe-zip.js'
import type { PageReader } from '../../page-reader.js'
import type { MigrationItem } from './migrated-recipe.js'

/*
 * The server side of a reader, apart from migrated-recipe.ts: the page-reading thread imports that file (through
 * page-tasks.ts), and the page reader's type is built from the thread's tasks, so a reader's input living there
 * would tie the thread's files back to the page reader in a circle.
 */

/** What a reader gets: the upload itself (a CSV for My Recipe Box), or the archive it is, opened safely. */
export interface MigrationInput {
  upload: Buffer
  archive: () => Promise<SafeArchive>
  /** HTML exports are read in a page-reading thread, within the page budget. */
  pages: PageReader
}

export type MigrationReader = (input: MigrationInput) => Promise<MigrationItem[]>
