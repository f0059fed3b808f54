import type { ArchiveEntry, SafeArchive } from '../../../lib/safe-zip.js'
import { dateOf, fileNameOf, lines, ratingOf, textOf, timeText } from '../field-text.js'
import { blankRecipe, readRecipe, unreadable, type MigratedRecipe, type MigrationItem } from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'

type Fields = Record<string, unknown>

/** Directions are paragraphs; a leading "1. " is the app's numbering, not the step's text. */
const stepsOf = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.trim().replace(/^\d+\.\s+/, ''))
        .filter((paragraph) => paragraph !== '')
        .map((paragraph) => ({ text: paragraph }))
    : []

export function paprikaRecipe(fields: Fields): MigratedRecipe | null {
  const name = textOf(fields.name)
  if (!name) return null
  const recipe = blankRecipe(name)
  recipe.description = textOf(fields.description)
  recipe.ingredients = lines(fields.ingredients).map((text) => ({ text }))
  recipe.steps = stepsOf(fields.directions)
  recipe.orgURL = textOf(fields.source_url)
  recipe.prepTime = timeText(fields.prep_time)
  recipe.performTime = timeText(fields.cook_time)
  recipe.totalTime = timeText(fields.total_time)
  recipe.recipeYield = textOf(fields.servings)
  if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
  // Paprika's categories become tags, as Mealie's migration makes them (docs/mealie-compatibility.md "What each migration reads").
  recipe.tags = Array.isArray(fields.categories) ? fields.categories.flatMap((item) => textOf(item) ?? []) : []
  recipe.dateAdded = dateOf(fields.created)
  recipe.rating = ratingOf(fields.rating)
  const notes = textOf(fields.notes)
  if (notes) recipe.notes = [{ title: '', text: notes }]
  const photo = textOf(fields.photo_data)
  if (photo) recipe.image = { bytes: Buffer.from(photo, 'base64') }
  else {
    const imageUrl = textOf(fields.image_url)
    if (imageUrl && /^https?:\/\//i.test(imageUrl)) recipe.imageUrl = imageUrl
  }
  return recipe
}

function photoOf(member: Buffer): Buffer {
  const fields = JSON.parse(member.toString('utf8')) as Fields
  return Buffer.from(textOf(fields.photo_data) ?? '', 'base64')
}

async function recipeFiles(files: SafeArchive): Promise<Array<{ archive: SafeArchive; entry: ArchiveEntry }>> {
  const found: Array<{ archive: SafeArchive; entry: ArchiveEntry }> = []
  for (const entry of files.entries) {
    const fileName = fileNameOf(entry.path)
    if (fileName.startsWith('.')) continue
    if (/\.paprikarecipe$/i.test(fileName)) found.push({ archive: files, entry })
    // The export itself (a zip) zipped once more, as people do before uploading.
    else if (/\.paprikarecipes$/i.test(fileName)) {
      const inner = await files.open(entry)
      for (const innerEntry of inner.entries) {
        if (/\.paprikarecipe$/i.test(innerEntry.path)) found.push({ archive: inner, entry: innerEntry })
      }
    }
  }
  return found
}

/**
 * One `.paprikarecipe` member: gzipped JSON with the photo inline. Null for a record without a name, which Mealie
 * skips. The text kept counts against the upload's text budget by its inflated size: a member of a few KB can
 * inflate to MBs, and every record is kept until the last is read.
 */
function readRecord(holder: SafeArchive, entry: ArchiveEntry): MigrationItem | null {
  const inflated = holder.gunzip(entry)
  const parsed: unknown = JSON.parse(inflated.toString('utf8'))
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('No recipe object')
  // The photo is most of a record: it is left out now and read again from the member when it is converted.
  const { photo_data: photo, ...withoutPhoto } = parsed as Fields
  const recipe = paprikaRecipe(withoutPhoto)
  if (!recipe) return null
  holder.keepText(entry, inflated.length - (typeof photo === 'string' ? photo.length : 0))
  if (textOf(photo)) {
    recipe.image = {
      get bytes() {
        return photoOf(holder.gunzip(entry))
      },
    }
    delete recipe.imageUrl
  }
  return readRecipe(recipe)
}

/**
 * Paprika (docs/mealie-compatibility.md "What each migration reads"): the `.paprikarecipes` export is a zip of `*.paprikarecipe` files, each a gzipped JSON
 * recipe with the photo inline (base64). A member that cannot be read, or would take the text kept past its budget,
 * is that record's failed report entry; the others are read on.
 */
export const readPaprika: MigrationReader = async ({ archive }) => {
  const items: MigrationItem[] = []
  for (const { archive: holder, entry } of await recipeFiles(await archive())) {
    try {
      const item = readRecord(holder, entry)
      if (item) items.push(item)
    } catch (error) {
      if (error instanceof Error && error.name === 'ArchiveRefused') throw error
      items.push(unreadable(`Failed to import ${fileNameOf(entry.path)}`, error))
    }
  }
  return items
}
