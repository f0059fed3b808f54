import type { SupportedMigration } from '@larder/contracts'
import type { MigrationReader } from '../migration-reader.js'

/**
 * A reader loaded when its first export arrives: the readers bring HTML, YAML and CSV parsers (cheerio alone loads
 * undici, parse5 and some 200 files) that a start of Larder does not need (bench/cold-start).
 */
function onFirstUse(load: () => Promise<MigrationReader>): MigrationReader {
  return async (input) => (await load())(input)
}

/** The reader of each app's export (docs/mealie-compatibility.md "What each migration reads", docs/mealie-compatibility.md "After Mealie 2.0"). */
export const migrationReaders: Record<SupportedMigration, MigrationReader> = {
  chowdown: onFirstUse(async () => (await import('./chowdown.js')).readChowdown),
  copymethat: onFirstUse(async () => (await import('./copymethat.js')).readCopyMeThat),
  cookn: onFirstUse(async () => (await import('./cookn.js')).readCookn),
  mealie_alpha: onFirstUse(async () => (await import('./mealie-alpha.js')).readMealieAlpha),
  myrecipebox: onFirstUse(async () => (await import('./myrecipebox.js')).readMyRecipeBox),
  nextcloud: onFirstUse(async () => (await import('./nextcloud.js')).readNextcloud),
  paprika: onFirstUse(async () => (await import('./paprika.js')).readPaprika),
  plantoeat: onFirstUse(async () => (await import('./plantoeat.js')).readPlanToEat),
  recipekeeper: onFirstUse(async () => (await import('./recipekeeper.js')).readRecipeKeeper),
  tandoor: onFirstUse(async () => (await import('./tandoor.js')).readTandoor),
}
