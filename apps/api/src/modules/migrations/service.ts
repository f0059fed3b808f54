import type { ReportSummary, SupportedMigration } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction, isRetriableConflict } from '../../db/transaction.js'
import type { Caller } from '../../http/authentication.js'
import type { PageReader } from '../../page-reader.js'
import { HttpError } from '../../http/errors.js'
import { ArchiveRefused, SafeArchive, type ArchiveLimits } from '../../lib/safe-zip.js'
import { rateImportedRecipe } from '../recipe-activity/index.js'
import { newImageKey, type RecipesModule } from '../recipes/index.js'
import type { QueuedReport, ReportService } from '../reports/index.js'
import type { LinkedPictureDownloads } from './linked-pictures.js'
import { importedMessage, type MigrationItem } from './migrated-recipe.js'
import { migrationReaders } from './readers/index.js'
import { recipeInputOf } from './recipe-input.js'
import { createPictureStaging } from './staged-pictures.js'

/** The largest export accepted: a Paprika export of 1,000 recipes with photos is about 150 MB. */
export const maximumMigrationUploadBytes = 200 * 1024 * 1024

/**
 * What one export may unpack to. Entries are checked as streams and read one at a time, pictures only when they are
 * converted, so memory holds at most one entry (32 MB: a camera photo is about 25) and the text readers keep (64 MB:
 * a thousand recipes are a few MB); the total bounds the work, all nested zips and gzip members together.
 */
export const migrationArchiveLimits: ArchiveLimits = {
  maxEntries: 50_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxTextBytes: 64 * 1024 * 1024,
  maxDepth: 2,
}

/** "mealie_alpha" → "Mealie_Alpha Migration", as Mealie names its reports (docs/mealie-compatibility.md "Migrations from other apps"). */
export const reportNameOf = (type: SupportedMigration) =>
  `${type.replace(/(^|_)([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase())} Migration`

/** An archive refused by the safe reader, in the terms of an HTTP answer. */
export function refusalOf(error: unknown): unknown {
  return error instanceof ArchiveRefused ? new HttpError(error.status, error.message) : error
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/**
 * Migrations from other apps (docs/mealie-compatibility.md "Migrations from other apps"), one per group at a time: the report is written first and waits, with
 * a progress entry, until the group's other migrations are done (reports' turns, held in PostgreSQL across
 * instances). Then the export is checked whole (a damaged or hostile archive is a 4xx and the report goes: nothing
 * written), pictures are converted one by one into a staging folder, and every recipe is created in ONE transaction
 * with the report's entries — a recipe that cannot be stored is rolled back to its savepoint and reported, the
 * others stay. Pictures move into place only after the commit; pictures the export only links to are downloaded
 * afterwards, by a job per recipe enqueued with it (linked-pictures.ts).
 */
export function createMigrationService(deps: {
  db: Database
  dataDirectory: string
  recipes: RecipesModule
  reports: ReportService
  linkedPictures: LinkedPictureDownloads
  pages: PageReader
  log: (message: string, error?: unknown) => void
}) {
  const { db, dataDirectory, recipes, reports, linkedPictures, pages, log } = deps

  async function readExport(type: SupportedMigration, upload: Buffer): Promise<MigrationItem[]> {
    try {
      return await migrationReaders[type]({
        upload,
        archive: () => SafeArchive.read(upload, migrationArchiveLimits),
        pages,
      })
    } catch (error) {
      throw refusalOf(error)
    }
  }

  return {
    async migrate(
      caller: Caller,
      type: SupportedMigration,
      addMigrationTag: boolean,
      upload: Buffer,
    ): Promise<ReportSummary> {
      const queued = await reports.startQueuedReport(caller.groupId, {
        category: 'migration',
        name: reportNameOf(type),
      })
      try {
        await queued.waitForTurn()
        await queued.progress('Reading the export')
        const items = await readExport(type, upload)
        await queued.progress(`Importing ${items.length} ${items.length === 1 ? 'recipe' : 'recipes'}`)
        return await importItems(caller, type, addMigrationTag, items, queued)
      } catch (error) {
        await queued.abandon().catch((cleanup: unknown) => log(`Could not remove report ${queued.summary.id}`, cleanup))
        throw error
      } finally {
        queued.close()
      }
    },
  }

  async function importItems(
    caller: Caller,
    type: SupportedMigration,
    addMigrationTag: boolean,
    items: MigrationItem[],
    queued: QueuedReport,
  ): Promise<ReportSummary> {
    const report = queued.summary
    const importer = await recipes.service.importer(caller)
    const staging = await createPictureStaging(dataDirectory)
    try {
      // One picture in memory at a time: each is inflated from the archive, converted to disk and let go.
      const pictures = new Map<number, { staged: boolean; reason?: string }>()
      for (const [index, item] of items.entries()) {
        if (item.ok && item.recipe.image) pictures.set(index, await staging.stage(index, item.recipe.image.bytes))
      }
      const created: Array<{ index: number; recipeId: string }> = []
      const summary = await inTransaction(db, async (tx: Executor) => {
        created.length = 0
        const imported: Array<{ id: string; slug: string }> = []
        await queued.settle(tx)
        for (const [position, item] of items.entries()) {
          if (!item.ok) {
            await reports.addEntry(tx, report.id, {
              position,
              success: false,
              message: item.message,
              exception: item.exception,
            })
            continue
          }
          const { recipe } = item
          const picture = pictures.get(position)
          try {
            const { id, slug } = await tx.transaction(async (savepoint: Executor) => {
              const input = await recipeInputOf(savepoint, caller.groupId, recipe, addMigrationTag ? [type] : [])
              const row = await importer.create(savepoint, input, {
                image: picture?.staged ? newImageKey() : null,
                ...(recipe.lastMade ? { lastMade: recipe.lastMade } : {}),
              })
              if (recipe.rating) await rateImportedRecipe(savepoint, caller, row.id, recipe.rating)
              if (!picture && recipe.imageUrl) {
                const { carrier: _carrier, session: _session, ...rights } = caller
                await linkedPictures.enqueue(savepoint, {
                  recipeId: row.id,
                  recipeName: recipe.name,
                  url: recipe.imageUrl,
                  reportId: report.id,
                  position,
                  caller: rights,
                })
              }
              return row
            })
            imported.push({ id, slug })
            if (picture?.staged) created.push({ index: position, recipeId: id })
            await reports.addEntry(tx, report.id, {
              position,
              success: true,
              message: importedMessage(recipe.name, picture?.staged === false ? picture.reason : undefined),
            })
          } catch (error) {
            // Lost to a parallel import: the whole migration runs again (inTransaction), not just this recipe.
            if (isRetriableConflict(error)) throw error
            await reports.addEntry(tx, report.id, {
              position,
              success: false,
              message: `Failed to import ${recipe.name}`,
              exception: describe(error),
            })
          }
        }
        await reports.finishReport(tx, report.id)
        await importer.announce(tx, imported)
        return (await reports.summary(tx, report.id)) ?? report
      })
      for (const { index, recipeId } of created) {
        await staging
          .publish(index, recipeId)
          .catch((error: unknown) => log(`Could not place the picture of ${recipeId}`, error))
      }
      return summary
    } finally {
      await staging.discard()
    }
  }
}

export type MigrationService = ReturnType<typeof createMigrationService>
