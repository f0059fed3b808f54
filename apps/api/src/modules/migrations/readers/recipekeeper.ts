import { baseFolder } from '../../../lib/safe-zip.js'
import { folderOf, joinPath } from '../field-text.js'
import type { MigrationItem } from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'

/**
 * Recipe Keeper (docs/mealie-compatibility.md "What each migration reads"): `recipes.html` beside `images/`, read in a page-reading thread
 * (recipekeeper-page.ts); the photos it names are taken from the archive here.
 */
export const readRecipeKeeper: MigrationReader = async ({ archive, pages }) => {
  const files = await archive()
  const base = baseFolder(files)
  const byPath = new Map(files.entries.map((entry) => [entry.path, entry]))
  const htmlFiles = files.entries.filter((entry) => /\.html?$/i.test(entry.path) && folderOf(entry.path) === base)
  const items: MigrationItem[] = []
  for (const file of htmlFiles) {
    for (const { picture, ...item } of await pages.read('recipekeeper', file.text())) {
      if (item.ok && picture) item.recipe.image = byPath.get(joinPath(base, picture))
      items.push(item)
    }
  }
  return items
}
