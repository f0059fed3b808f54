import * as cheerio from 'cheerio'
import { parsePageTree } from '../../../lib/page-tree.js'
import { ratingOf, textOf } from '../field-text.js'
import { blankRecipe, readRecipe, unreadable, type MigratedIngredient, type PageItem } from '../migrated-recipe.js'

/** Text of an element with its whitespace runs (the export's indentation) folded to single spaces. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * List items as lines; items of the `subheaderClass` start a section (its title goes on the next line), spacers and
 * empty items are dropped.
 */
function sectionedLines($: cheerio.CheerioAPI, list: ReturnType<cheerio.CheerioAPI>, subheaderClass: string) {
  const result: MigratedIngredient[] = []
  let title: string | undefined
  list.children('li, div').each((_index, element) => {
    const item = $(element)
    const text = squeeze(item.text())
    if (text === '') return
    if (item.hasClass(subheaderClass)) {
      title = text
      return
    }
    result.push(title ? { text, title } : { text })
    title = undefined
  })
  return result
}

/**
 * The recipes of one Copy Me That page (docs/mealie-compatibility.md "What each migration reads"): each `<div class="recipe">` is one recipe whose parts
 * carry ids (name, original_link, recipeIngredients, recipeInstructions, recipeNotes, ratingValue, made_this). Run in
 * a page-reading thread; the picture is named by its path on the page, for the reader to find in the archive.
 */
export function readCopyMeThatPage(html: string): PageItem[] {
  const $ = cheerio.load(parsePageTree(html))
  const items: PageItem[] = []
  $('div.recipe').each((_index, element) => {
    try {
      const root = $(element)
      const field = (id: string) => textOf(squeeze(root.find(`[id="${id}"]`).first().text()))
      const name = field('name')
      if (!name) throw new Error('The recipe has no name')
      const recipe = blankRecipe(name)
      recipe.description = field('description')
      const link = root.find('[id="original_link"]').first()
      recipe.orgURL = textOf(link.attr('href')) ?? textOf(squeeze(link.text()))
      const servings = field('recipeYield') ?? field('servings')?.replace(/^servings:\s*/i, '')
      if (servings) {
        recipe.recipeYield = servings
        if (/^\d+(\.\d+)?$/.test(servings)) recipe.recipeServings = Number(servings)
      }
      recipe.ingredients = sectionedLines(
        $,
        root.find('[id="recipeIngredients"]').first(),
        'recipeIngredient_subheader',
      )
      recipe.steps = sectionedLines($, root.find('[id="recipeInstructions"]').first(), 'instruction_subheader')
      recipe.notes = root
        .find('[id="recipeNotes"]')
        .first()
        .children('li')
        .toArray()
        .map((note) => squeeze($(note).text()))
        .filter((text) => text !== '')
        .map((text) => ({ title: '', text }))
      recipe.tags = root
        .find('.recipeCategory')
        .toArray()
        .map((tag) => squeeze($(tag).text()))
        .filter((text) => text !== '' && !text.includes('Tags:'))
      recipe.rating = ratingOf(field('ratingValue'))
      if (root.find('[id="made_this"]').length > 0) recipe.lastMade = new Date()
      const source = root.find('img.recipeImage').first().attr('src')
      items.push(source ? { ...readRecipe(recipe), picture: source } : readRecipe(recipe))
    } catch (error) {
      items.push(unreadable('Failed to parse recipe', error))
    }
  })
  return items
}
