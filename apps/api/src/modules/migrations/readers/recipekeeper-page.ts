import * as cheerio from 'cheerio'
import { parsePageTree } from '../../../lib/page-tree.js'
import { ratingOf, textOf, timeText } from '../field-text.js'
import {
  blankRecipe,
  readRecipe,
  unreadable,
  type MigratedRecipe,
  type NutritionField,
  type PageItem,
} from '../migrated-recipe.js'

/** Recipe Keeper's `recipeNut*` properties and the nutrition fields they fill. */
const nutritionProperties: Record<string, NutritionField> = {
  recipeNutCalories: 'calories',
  recipeNutTotalFat: 'fatContent',
  recipeNutSaturatedFat: 'saturatedFatContent',
  recipeNutCholesterol: 'cholesterolContent',
  recipeNutSodium: 'sodiumContent',
  recipeNutTotalCarbohydrate: 'carbohydrateContent',
  recipeNutDietaryFiber: 'fiberContent',
  recipeNutSugars: 'sugarContent',
  recipeNutProtein: 'proteinContent',
}

const squeeze = (text: string) => text.replace(/[ \t\r\f\v]+/g, ' ').trim()

/** A block's lines: its paragraphs (or other block children), else its text split at line breaks. */
function fragmentsOf($: cheerio.CheerioAPI, block: ReturnType<cheerio.CheerioAPI>): string[] {
  const clone = block.clone()
  clone.find('br').replaceWith('\n')
  const children = clone.children('p, div, li, span')
  const texts = children.length > 0 ? children.toArray().map((child) => $(child).text()) : clone.text().split('\n')
  return texts
    .flatMap((text) => text.split('\n'))
    .map(squeeze)
    .filter((text) => text !== '')
}

/** "1. Mix" loses its number when it is the step's own position (docs/mealie-compatibility.md "What each migration reads"). */
const unnumbered = (steps: string[]) =>
  steps.map((text, index) => {
    const match = /^(\d+)\.\s*(.*)$/s.exec(text)
    return match && Number(match[1]) === index + 1 && match[2] ? match[2] : text
  })

function recipeOf($: cheerio.CheerioAPI, root: ReturnType<cheerio.CheerioAPI>): PageItem {
  const single: Record<string, string> = {}
  const many: Record<string, string[]> = {}
  const blocks: Record<string, string[]> = {}
  let picture: string | undefined
  root.find('[itemprop]').each((_index, element) => {
    const node = $(element)
    const property = node.attr('itemprop') ?? ''
    const tag = element.tagName.toLowerCase()
    if (tag === 'img') {
      if (/^photo0?$/.test(property) && node.attr('src')) picture ??= node.attr('src')
      return
    }
    if (tag === 'div' || tag === 'ul' || tag === 'ol') {
      blocks[property] = fragmentsOf($, node)
      return
    }
    const value = squeeze(tag === 'meta' ? (node.attr('content') ?? '') : node.text())
    if (value === '') return
    single[property] = value
    ;(many[property] ??= []).push(value)
  })
  const name = textOf(single.name)
  if (!name) throw new Error('The recipe has no name')
  const recipe: MigratedRecipe = blankRecipe(name)
  recipe.description = textOf(single.description)
  recipe.ingredients = (blocks.recipeIngredients ?? []).map((text) => ({ text }))
  recipe.steps = unnumbered(blocks.recipeDirections ?? []).map((text) => ({ text }))
  recipe.notes = (blocks.recipeNotes ?? []).map((text) => ({ title: '', text }))
  recipe.prepTime = timeText(single.prepTime)
  recipe.performTime = timeText(single.cookTime)
  recipe.recipeYield = textOf(single.recipeYield)
  if (recipe.recipeYield && /^\d+$/.test(recipe.recipeYield)) recipe.recipeServings = Number(recipe.recipeYield)
  recipe.tags = many.recipeCourse ?? []
  recipe.categories = many.recipeCategory ?? []
  recipe.orgURL = textOf(single.recipeSource)
  recipe.rating = ratingOf(single.recipeRating)
  const nutrition: MigratedRecipe['nutrition'] = {}
  for (const [property, field] of Object.entries(nutritionProperties)) {
    if (single[property]) nutrition[field] = single[property]
  }
  if (Object.keys(nutrition).length > 0) recipe.nutrition = nutrition
  return picture ? { ...readRecipe(recipe), picture } : readRecipe(recipe)
}

/**
 * The recipes of one Recipe Keeper page (docs/mealie-compatibility.md "What each migration reads"): each `<div class="recipe-details">` is a recipe whose
 * parts carry schema.org-style `itemprop`s (meta content, div blocks of lines, img for the photo). Run in a
 * page-reading thread; the photo is named by its path on the page, for the reader to find in the archive.
 */
export function readRecipeKeeperPage(html: string): PageItem[] {
  const $ = cheerio.load(parsePageTree(html))
  const items: PageItem[] = []
  $('div.recipe-details').each((_index, element) => {
    try {
      items.push(recipeOf($, $(element)))
    } catch (error) {
      items.push(unreadable('Failed to parse recipe', error))
    }
  })
  return items
}
