import { fileNameOf, folderOf } from '../field-text.js'
import { readRecipe, unreadable, type MigrationItem } from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'
import { schemaOrgRecipe } from './schema-org.js'

/**
 * Nextcloud Cookbook (docs/mealie-compatibility.md "What each migration reads"): one folder per recipe, at any depth, holding a schema.org `recipe.json` (the
 * first JSON file of the folder) and the picture as `full.jpg` (any `full.*`).
 */
export const readNextcloud: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const folders = new Map<string, { json?: (typeof files.entries)[number]; image?: (typeof files.entries)[number] }>()
  for (const entry of files.entries) {
    const fileName = fileNameOf(entry.path)
    if (fileName.startsWith('.')) continue
    const folder = folderOf(entry.path)
    const found = folders.get(folder) ?? {}
    if (/\.json$/i.test(fileName) && !found.json) found.json = entry
    if (/^full\.\w+$/i.test(fileName) && !found.image) found.image = entry
    folders.set(folder, found)
  }
  const items: MigrationItem[] = []
  for (const [folder, { json, image }] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    if (!json) continue
    try {
      const parsed: unknown = JSON.parse(json.text())
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('No recipe object')
      const recipe = schemaOrgRecipe(parsed as Record<string, unknown>)
      if (image) {
        recipe.image = image
        delete recipe.imageUrl
      }
      items.push(readRecipe(recipe))
    } catch (error) {
      items.push(unreadable(`Failed to import ${fileNameOf(folder) || json.path}`, error))
    }
  }
  return items
}
