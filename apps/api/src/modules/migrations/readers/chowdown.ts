import { parse as parseYaml } from 'yaml'
import { blankRecipe, readRecipe, unreadable, type MigrationItem } from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'
import { commaTags, fileNameOf, joinPath, textOf } from '../field-text.js'

/** A Jekyll front-matter block: the text between the first two lines of three dashes. */
const frontMatter = /^\s*---\s*\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)([\s\S]*)$/

const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((item) => (textOf(item) ? [textOf(item)!] : [])) : []

/**
 * Chowdown (docs/mealie-compatibility.md "What each migration reads"): a zip of the Jekyll site; each `_recipes/*.md` holds YAML front matter (title,
 * ingredients, directions, tags, image) and the description as its body; pictures sit in the site's `images/`.
 */
export const readChowdown: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const byPath = new Map(files.entries.map((entry) => [entry.path, entry]))
  const items: MigrationItem[] = []
  for (const entry of files.entries) {
    const match = /^(.*?)(?:^|\/)_recipes\/[^/]+\.md$/i.exec(entry.path)
    if (!match) continue
    const site = entry.path.slice(0, entry.path.indexOf('_recipes/')).replace(/\/$/, '')
    try {
      const text = entry.text()
      const parts = frontMatter.exec(text)
      if (!parts) throw new Error('no front matter between --- lines')
      const meta: unknown = parseYaml(parts[1] ?? '')
      if (typeof meta !== 'object' || meta === null) throw new Error('the front matter is not a YAML map')
      const fields = meta as Record<string, unknown>
      const recipe = blankRecipe(textOf(fields.title) ?? fileNameOf(entry.path).replace(/\.md$/i, ''))
      recipe.description = textOf(parts[2]?.replaceAll(/^\s*---\s*$/gm, ''))
      recipe.ingredients = textList(fields.ingredients).map((line) => ({ text: line }))
      recipe.steps = textList(fields.directions).map((line) => ({ text: line }))
      recipe.tags = Array.isArray(fields.tags) ? textList(fields.tags).flatMap(commaTags) : commaTags(fields.tags)
      const image = textOf(fields.image)
      if (image) recipe.image = byPath.get(joinPath(site, `images/${fileNameOf(image)}`))
      items.push(readRecipe(recipe))
    } catch (error) {
      items.push(unreadable(`Failed to import ${fileNameOf(entry.path)}`, error))
    }
  }
  return items
}
