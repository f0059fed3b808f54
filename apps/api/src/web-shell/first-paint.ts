import type { Recipe, RecipeSummary } from '@larder/contracts'
import { durationParts, parseDuration, recipeTint } from '@larder/kitchen'
import { escapeHtml } from './html-text.js'
import { chefHatIcon, clockIcon, heartIcon, ratingStarsIcons } from './first-paint-icons.js'

/**
 * Plain-HTML first paints of the recipe page and the explorer: what the app's screen shows above the fold, drawn by
 * the server so that the page paints in one round trip, while the app's code and data are still on their way. The
 * app removes it once its own page is drawn (apps/web/src/app/first-paint.ts). Only recipe text (names,
 * ingredients, steps) is written: the app's own labels live in the web client's catalogs, so headings are drawn as
 * bars of their size until the app brings them in the reader's language. Every text is escaped.
 *
 * What the drawing shows must be what the app will show, box for box: the browser's largest contentful paint is the
 * largest element painted, and an app element even one pixel larger than the drawn one it replaces becomes the
 * page's largest paint, at the time the whole app has loaded (Lighthouse, docs/budgets.md "Web budgets").
 */

/** The sizes of a recipe picture the app asks for (apps/web RecipeImage), so the browser fetches each once. */
export type RecipeImageSize = 'original' | 'min-original'

export function recipeImagePath(recipeId: string, image: string, size: RecipeImageSize): string {
  return `/api/media/recipes/${encodeURIComponent(recipeId)}/images/${size}.webp?version=${encodeURIComponent(image)}`
}

/** A first paint: its markup, and the picture worth fetching before anything else (the page's largest paint). */
export interface FirstPaint {
  html: string
  heroImage: string | null
}

/** The app frame's shell: its header and, on wide screens, its navbar, empty until the app fills them. */
function framed(pathname: string, content: string): string {
  return (
    `<div id="first-paint" data-path="${escapeHtml(pathname)}" aria-busy="true">` +
    `<div class="fp-header"><span class="fp-logo"><img src="/icons/icon.svg" alt="" width="30" height="30">Larder</span></div>` +
    `<div class="fp-nav"></div>` +
    `<main class="fp-main"><div class="fp-page">${content}</div></main></div>`
  )
}

/** A heading the app will write in the reader's language: its place, at its size. */
const headingBar = (width: string) =>
  `<span class="fp-bar" aria-hidden="true" style="width:${width};height:20px"></span>`

/** The picture, or the app's tinted placeholder for a recipe without one. */
function picture(name: string, src: string | null, width: number, height: number, eager: boolean): string {
  if (!src) {
    const tint = recipeTint(name)
    const style = `background:${tint.background};color:${tint.color}`
    return `<div class="fp-picture fp-tinted" aria-hidden="true" style="${escapeHtml(style)}">${chefHatIcon(Math.min(64, Math.round(height / 3)))}</div>`
  }
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"'
  return `<img class="fp-picture" src="${escapeHtml(src)}" alt="" width="${width}" height="${height}"${loading}>`
}

/** The yield as RecipeView writes it unscaled: "6 loaves", the quantity or the text alone. */
function yieldText(recipe: Recipe): string | null {
  const unit = recipe.recipeYield?.trim() ?? ''
  if (recipe.recipeYieldQuantity > 0) {
    const quantity = Math.round(recipe.recipeYieldQuantity * 100) / 100
    return unit ? `${quantity} ${unit}` : String(quantity)
  }
  return unit || null
}

/** RecipeHeader's box of times and yield: the values, under labels the app writes in the reader's language. */
function recipeFacts(recipe: Recipe): string {
  const values = [
    recipeTimeText(recipe.prepTime),
    recipeTimeText(recipe.cookTime ?? recipe.performTime),
    recipeTimeText(recipe.totalTime),
    yieldText(recipe),
  ].filter((value): value is string => value !== null)
  if (values.length === 0) return ''
  const label = `<dt><span class="fp-bar" aria-hidden="true"></span></dt>`
  return `<dl class="fp-facts">${values.map((value) => `<div>${label}<dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`
}

/** The recipe page: picture, name, description, times, ingredients and steps (RecipeView's header and lists). */
export function recipeFirstPaint(recipe: Recipe, pathname: string): FirstPaint {
  const heroImage = recipe.image ? recipeImagePath(recipe.id, recipe.image, 'original') : null
  const ingredients = recipe.recipeIngredient
    .map((ingredient) => ingredient.display.trim())
    .filter((line) => line !== '')
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')
  const steps = recipe.recipeInstructions
    .filter((step) => step.text.trim() !== '' || step.title)
    .map(
      (step) => `<li>${step.title ? `<strong>${escapeHtml(step.title)}</strong> ` : ''}${escapeHtml(step.text)}</li>`,
    )
    .join('')
  const description = recipe.description?.trim()
    ? `<p class="fp-description">${escapeHtml(recipe.description.trim())}</p>`
    : ''
  const content =
    `<div class="fp-recipe-head"><div>${picture(recipe.name, heroImage, 800, 600, true)}</div>` +
    `<div><div class="fp-title-row"><h1 class="fp-title">${escapeHtml(recipe.name)}</h1>` +
    `<span class="fp-actions" aria-hidden="true"></span></div>${description}${recipeFacts(recipe)}</div></div>` +
    // The app's social bar (rating, favourite, share), then ingredients and steps side by side from md (992 px) up,
    // as RecipeView lays them out: without them the sections moved down, and right, when the app took over.
    `<div class="fp-social" aria-hidden="true"><span class="fp-rating"><span class="fp-bar"></span><span class="fp-bar"></span></span>` +
    `<span class="fp-social-actions"><span class="fp-button fp-round"></span><span class="fp-button fp-share"></span></span></div>` +
    `<div class="fp-recipe-body">` +
    (ingredients ? `<section class="fp-section">${headingBar('30%')}<ul>${ingredients}</ul></section>` : '') +
    (steps ? `<section class="fp-section">${headingBar('30%')}<ol>${steps}</ol></section>` : '') +
    `</div>`
  return { html: framed(pathname, content), heroImage }
}

/** Cards a phone's first screen and a wide screen's first rows show. */
const paintedCards = 12
/** Cards above the fold on a phone (two columns, two rows): their pictures are fetched first, the rest lazily. */
const eagerCards = 4

/** Tags a card shows before "+n" (RecipeCard). */
const shownTags = 3

/**
 * A total time as the app writes it in English ("1 h 30 min"); text that holds no time as written. The app rewrites
 * the units in the reader's language, in a box of the same height.
 */
export function recipeTimeText(value: string | null | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  const minutes = parseDuration(text)
  if (minutes === null || minutes <= 0) return text
  const parts = durationParts(minutes)
  const units: [number, string][] = [
    [parts.days, 'd'],
    [parts.hours, 'h'],
    [parts.minutes, 'min'],
    [parts.seconds, 's'],
  ]
  return units
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}`)
    .join(' ')
}

/** One explorer card as RecipeCard draws it: picture, name, rating and total time, the first tags. */
function explorerCard(recipe: RecipeSummary, groupSlug: string, eager: boolean, favourite: boolean): string {
  const src = recipe.image ? recipeImagePath(recipe.id, recipe.image, 'min-original') : null
  const href = `/g/${encodeURIComponent(groupSlug)}/r/${encodeURIComponent(recipe.slug)}`
  const rating = recipe.rating !== null && recipe.rating > 0 ? recipe.rating : null
  const time = recipeTimeText(recipe.totalTime)
  const facts =
    rating !== null || time
      ? `<div class="fp-card-facts">` +
        (rating !== null ? `<span class="fp-stars">${ratingStarsIcons(rating, 14)}</span>` : '') +
        (time ? `<span class="fp-time">${clockIcon(14)}<span>${escapeHtml(time)}</span></span>` : '') +
        `</div>`
      : ''
  const tags =
    recipe.tags.length > 0
      ? `<ul class="fp-tags">` +
        recipe.tags
          .slice(0, shownTags)
          .map((tag) => `<li>${escapeHtml(tag.name)}</li>`)
          .join('') +
        (recipe.tags.length > shownTags ? `<li class="fp-more">+${recipe.tags.length - shownTags}</li>` : '') +
        `</ul>`
      : ''
  return (
    `<li class="fp-card">${picture(recipe.name, src, 400, 300, eager)}` +
    // The favourite toggle's place; whether the recipe is a favourite is the app's to say.
    (favourite ? `<span class="fp-favorite" aria-hidden="true">${heartIcon(20)}</span>` : '') +
    `<div class="fp-card-body">` +
    `<h2><a href="${escapeHtml(href)}">${escapeHtml(recipe.name)}</a></h2>${facts}${tags}</div></li>`
  )
}

/**
 * The explorer: the page's header and the first cards in the explorer's default order. A signed-out visitor's cards
 * have no favourite toggle (`favourites: false`), as the app draws them.
 */
export function explorerFirstPaint(
  recipes: readonly RecipeSummary[],
  groupSlug: string,
  pathname: string,
  options: { favourites?: boolean } = {},
): FirstPaint {
  const shown = recipes.slice(0, paintedCards)
  const favourites = options.favourites ?? true
  const cards = shown.map((recipe, index) => explorerCard(recipe, groupSlug, index < eagerCards, favourites)).join('')
  const first = shown[0]
  const content =
    `<div class="fp-page-head"><span class="fp-bar" aria-hidden="true" style="width:44px;height:44px;border-radius:8px"></span>` +
    `${headingBar('160px')}</div>` +
    `<div class="fp-toolbar" aria-hidden="true"><span class="fp-search"></span>` +
    // Filters, then sort and its direction: buttons of their size, labelled by the app in the reader's language.
    `<span class="fp-tools"><span class="fp-button" style="width:109px"></span>` +
    `<span class="fp-sort"><span class="fp-button" style="width:149px"></span><span class="fp-button" style="width:36px"></span></span></span></div>` +
    `<span class="fp-bar fp-count" aria-hidden="true"></span><ul class="fp-grid">${cards}</ul>`
  return {
    html: framed(pathname, content),
    heroImage: first?.image ? recipeImagePath(first.id, first.image, 'min-original') : null,
  }
}
