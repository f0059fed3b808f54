import type { SafeArchive } from '../../../lib/safe-zip.js'
import { fileNameOf, folderOf, joinPath, minutesInWords, textOf } from '../field-text.js'
import {
  blankRecipe,
  readRecipe,
  unreadable,
  type MigratedRecipe,
  type MigrationItem,
  type Picture,
} from '../migrated-recipe.js'
import type { MigrationReader } from '../migration-reader.js'

type Row = Record<string, string>
type Tables = Map<string, Row[]>

/** Cook'n's DSV: fields end at `||||`, rows at `!@#%^&*()`, the first row names the columns. */
export function dsvRows(text: string): Row[] {
  const rows = text.trim().split('!@#%^&*()')
  const header = (rows[0] ?? '').split('||||').map((name) => name.trim())
  return rows.slice(1).flatMap((row) => {
    if (row.trim() === '') return []
    const cells = row.replace(/^\r?\n/, '').split('||||')
    return [
      Object.fromEntries(header.map((name, index) => [name, cells[index] === '[null]' ? '' : (cells[index] ?? '')])),
    ]
  })
}

const cell = (row: Row | undefined, column: string) => (row?.[column] ?? '').trim()
const byId = (tables: Tables, table: string, column: string, id: string) =>
  id === '' ? undefined : (tables.get(table) ?? []).find((row) => cell(row, column) === id)

/** Steps from free text: numbered or bulleted items, their continuation lines joined; else one step per line. */
export function cooknSteps(text: string): string[] {
  const steps: string[] = []
  let current: string[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '') continue
    const item = /^(?:\d+[.)-]|[-*•])\s*(.*)$/.exec(line)
    if (item) {
      if (current.length > 0) steps.push(current.join(' '))
      current = [item[1] ?? '']
    } else if (current.length > 0) current.push(line)
    else steps.push(line)
  }
  if (current.length > 0) steps.push(current.join(' '))
  return steps.filter((step) => step !== '')
}

function ingredientLines(tables: Tables, recipeId: string): string[] {
  const rows = (tables.get('temp_ingredient') ?? []).filter((row) => cell(row, 'PARENT_ID') === recipeId)
  return rows
    .map((row) => ({ row, order: Number(cell(row, 'DISPLAY_ORDER')) || 0 }))
    .sort((a, b) => a.order - b.order)
    .flatMap(({ row }) => {
      const amount = cell(row, 'AMOUNT_QTY_STRING')
      const unit = cell(byId(tables, 'temp_unit', 'ID', cell(row, 'AMOUNT_UNIT')), 'NAME')
      const food = cell(byId(tables, 'temp_food', 'ID', cell(row, 'INGREDIENT_FOOD_ID')), 'NAME')
      const brand = cell(byId(tables, 'temp_brand', 'ID', cell(row, 'BRAND_ID')), 'NAME')
      const before = cell(row, 'PRE_QUALIFIER').replace(/,$/, '')
      const after = cell(row, 'POST_QUALIFIER').replace(/^,\s*/, '').replace(/,$/, '')
      const main = [amount === '0' ? '' : amount, unit, before, food, brand ? `(${brand})` : '']
        .filter((part) => part)
        .join(' ')
      const line = after ? (main ? `${main}, ${after}` : after) : main
      return line ? [line] : []
    })
}

/** The recipe's picture, else its chapter's, else its cookbook's (as Cook'n shows them). */
function pictureOf(cookbook: SafeArchive, folder: string, tables: Tables, entityIds: string[]): Picture | undefined {
  for (const entityId of entityIds) {
    const media = byId(tables, 'temp_media', 'ENTITY_ID', entityId)
    const mediaId = cell(media, 'ID')
    if (!mediaId) continue
    const extension = cell(media, 'MEDIA_CONTENT_TYPE').split('/').at(-1) ?? ''
    const candidates = [
      joinPath(folder, mediaId),
      joinPath(folder, `${mediaId}.${extension}`),
      joinPath(folder, `images/${mediaId}`),
    ]
    const found = cookbook.entries.find(
      (entry) =>
        candidates.includes(entry.path) ||
        (folderOf(entry.path).endsWith('images') && fileNameOf(entry.path).startsWith(mediaId)),
    )
    if (found) return found
  }
  return undefined
}

function cookbookRecipes(cookbook: SafeArchive, folder: string): MigrationItem[] {
  const tables: Tables = new Map()
  for (const entry of cookbook.entries) {
    const match = /^(temp_\w+)\.dsv$/i.exec(fileNameOf(entry.path))
    if (match && folderOf(entry.path) === folder) tables.set(match[1]!, dsvRows(new TextDecoder().decode(entry.bytes)))
  }
  return (tables.get('temp_recipe') ?? []).map((row) => {
    try {
      const id = cell(row, 'ID')
      const description = byId(tables, 'temp_recipe_desc', 'ID', id)
      const chapter = byId(tables, 'temp_chapter_desc', 'ID', cell(description, 'PARENT'))
      const book = byId(tables, 'temp_cookBook_desc', 'ID', cell(chapter, 'PARENT'))
      const name = textOf(cell(description, 'TITLE'))
      if (!name) throw new Error(`Recipe ${id} has no title`)
      const recipe: MigratedRecipe = blankRecipe(name)
      recipe.description = textOf(cell(description, 'DESCRIPTION'))
      recipe.recipeYield = textOf(cell(row, 'SERVES'))
      if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
      const prep = Number(cell(row, 'PREPTIME')) || 0
      const cook = Number(cell(row, 'COOKTIME')) || 0
      recipe.prepTime = minutesInWords(prep)
      recipe.performTime = minutesInWords(cook)
      recipe.totalTime = minutesInWords(prep + cook)
      const category = [cell(book, 'TITLE'), cell(chapter, 'TITLE')].filter((part) => part).join(' - ')
      if (category) recipe.categories = [category]
      recipe.ingredients = ingredientLines(tables, id).map((text) => ({ text }))
      recipe.steps = cooknSteps(cell(row, 'INSTRUCTIONS')).map((text) => ({ text }))
      recipe.image = pictureOf(cookbook, folder, tables, [id, cell(chapter, 'ID'), cell(book, 'ID')])
      return readRecipe(recipe)
    } catch (error) {
      return unreadable('Failed to parse recipe', error)
    }
  })
}

/**
 * Cook'n (docs/mealie-compatibility.md "After Mealie 2.0"): a zip of `temp_*.dsv` tables (recipe, recipe_desc, chapter_desc, cookBook_desc,
 * ingredient, unit, food, brand, media) with the pictures, or a zip of such zips, one per cookbook.
 */
export const readCookn: MigrationReader = async ({ archive }) => {
  const files = await archive()
  const items: MigrationItem[] = []
  for (const entry of files.entries) {
    if (fileNameOf(entry.path).toLowerCase() === 'temp_recipe.dsv')
      items.push(...cookbookRecipes(files, folderOf(entry.path)))
  }
  for (const entry of files.entries) {
    if (!/\.zip$/i.test(entry.path)) continue
    const inner = await files.open(entry)
    for (const innerEntry of inner.entries) {
      if (fileNameOf(innerEntry.path).toLowerCase() === 'temp_recipe.dsv') {
        items.push(...cookbookRecipes(inner, folderOf(innerEntry.path)))
      }
    }
  }
  return items
}
