import type { SafeArchive } from '../../../lib/safe-zip.js'
import type { UrlSecrets } from '../../notifiers/index.js'
import { readMealieBackup } from './archive.js'
import { type ConvertedMealieBackup, convertMealieTables } from './convert.js'

export { convertMealieBackup, type ConvertedMealieBackup } from './convert.js'
export type { ConversionReport, TableReport as MealieTableReport } from './report.js'
export { mealieRevisions } from './revisions.js'

/**
 * The restore route's format switch: a Mealie backup (a `database.json` with an `alembic_version`, at the archive's
 * root or inside Safari's wrapping folder) converted to a dump of Larder's tables, its media and a report per Mealie
 * table; null for any other archive (Larder's own backups), which the caller reads itself. Refuses (400) a Mealie
 * backup from a newer Mealie, or one whose database.json is damaged, before anything changes.
 */
export function convertIfMealieBackup(
  archive: SafeArchive,
  options: { urlSecrets: UrlSecrets },
): ConvertedMealieBackup | null {
  const backup = readMealieBackup(archive)
  return backup ? convertMealieTables(backup, options) : null
}
