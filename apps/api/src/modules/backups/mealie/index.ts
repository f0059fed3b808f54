import type { SafeArchive } from '../../../lib/safe-zip.js'
import type { ArchiveConverter } from '../service.js'
import { readMealieBackup } from './archive.js'
import { type ConvertedMealieBackup, convertMealieTables } from './convert.js'
import { mealieSecrets, type MealieSecrets } from './secrets.js'

export { convertMealieBackup, type ConvertedMealieBackup } from './convert.js'
export type { ConversionReport, TableReport as MealieTableReport } from './report.js'
export { mealieRevisions } from './revisions.js'
export { mealieSecrets, type MealieSecrets } from './secrets.js'

/**
 * The restore route's format switch: a Mealie backup (a `database.json` with an `alembic_version`, at the archive's
 * root or inside Safari's wrapping folder) converted to a dump of Larder's tables, its media and a report per Mealie
 * table; null for any other archive (Larder's own backups), which the caller reads itself. Refuses (400) a Mealie
 * backup from a newer Mealie, or one whose database.json is damaged, before anything changes.
 */
export function convertIfMealieBackup(archive: SafeArchive, options: MealieSecrets): ConvertedMealieBackup | null {
  const backup = readMealieBackup(archive)
  return backup ? convertMealieTables(backup, options) : null
}

/**
 * The backups module's converter (its `convertArchive`): a Mealie archive becomes a dump, its media, and the report
 * per Mealie table the restore answers with. What was changed on the way in (a slug numbered, an owner given) is
 * said among the reasons, after the skips, marked as kept.
 */
export function mealieArchiveConverter(instanceSecret: string): ArchiveConverter {
  const secrets = mealieSecrets(instanceSecret)
  return (read) => {
    const converted = convertIfMealieBackup(read.archive, secrets)
    if (!converted) return Promise.resolve(null)
    const tables = Object.fromEntries(
      Object.entries(converted.report.tables).map(([name, table]) => [
        name,
        {
          restored: table.restored,
          skipped: table.skipped,
          reasons: [...table.reasons, ...(table.notes ?? []).map((note) => `kept: ${note}`)],
        },
      ]),
    )
    return Promise.resolve({ dump: converted.dump, media: converted.media, tables })
  }
}
