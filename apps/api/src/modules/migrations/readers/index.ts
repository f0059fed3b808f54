import type { SupportedMigration } from '@larder/contracts'
import type { MigrationReader } from '../migrated-recipe.js'
import { readChowdown } from './chowdown.js'
import { readCookn } from './cookn.js'
import { readCopyMeThat } from './copymethat.js'
import { readMealieAlpha } from './mealie-alpha.js'
import { readMyRecipeBox } from './myrecipebox.js'
import { readNextcloud } from './nextcloud.js'
import { readPaprika } from './paprika.js'
import { readPlanToEat } from './plantoeat.js'
import { readRecipeKeeper } from './recipekeeper.js'
import { readTandoor } from './tandoor.js'

/** The reader of each app's export (reference §9.2.4, §12.9). */
export const migrationReaders: Record<SupportedMigration, MigrationReader> = {
  chowdown: readChowdown,
  copymethat: readCopyMeThat,
  cookn: readCookn,
  mealie_alpha: readMealieAlpha,
  myrecipebox: readMyRecipeBox,
  nextcloud: readNextcloud,
  paprika: readPaprika,
  plantoeat: readPlanToEat,
  recipekeeper: readRecipeKeeper,
  tandoor: readTandoor,
}
