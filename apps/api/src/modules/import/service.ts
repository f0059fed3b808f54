import type { ScrapeDebugResult } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import type { OutboundFetch } from '../../lib/outbound-fetch.js'
import type { PageReader } from '../../page-reader.js'
import type { RecipesModule } from '../recipes/index.js'
import { noRecipeFound, noUrlFound } from './import-errors.js'
import { ingredientsFromLines } from './ingredient-lines.js'
import { fetchPage } from './page-fetch.js'
import { pageOfPastedData } from './pasted-recipe.js'
import type { PageScrape } from './page-recipe.js'
import { recipeContentOf, type OrganizerChoice } from './recipe-content.js'
import { urlInText } from './shared-url.js'

/** Told what the import is doing, for the streaming creates (docs/mealie-compatibility.md "After Mealie 2.0"). */
export type ProgressReport = (message: string) => void

export interface ImportedRecipe {
  slug: string
  name: string
  warnings: string[]
}

/**
 * Recipes from elsewhere (docs/mealie-compatibility.md "Recipe scraper"): a page fetched through the outbound guard, or HTML/JSON pasted; read by
 * page-recipe.ts; saved through the recipes module's own create path (defaults, timeline event, free name); the
 * picture fetched afterwards, and the recipe kept without it when that fails.
 */
export function createImportService(deps: {
  db: Database
  recipes: RecipesModule
  fetch: OutboundFetch
  pages: PageReader
  pageTimeoutMs: number
}) {
  const { db, recipes, fetch, pages, pageTimeoutMs } = deps

  /** The page's recipe, read in a page-reading thread (page-reader.ts): a hostile page is a 400, never a stall. */
  const readPage = async (html: string, url: string): Promise<PageScrape> => pages.read('recipe', { html, url })

  async function scrapeUrl(text: string, progress: ProgressReport): Promise<PageScrape & { url: string }> {
    const url = urlInText(text)
    if (!url) throw noUrlFound()
    progress(`Fetching ${url}`)
    const page = await fetchPage(fetch, url, pageTimeoutMs)
    progress('Reading the recipe')
    return { ...(await readPage(page.html, page.url)), url: page.url }
  }

  async function save(
    caller: Caller,
    scrape: PageScrape,
    organizers: OrganizerChoice,
    progress: ProgressReport,
  ): Promise<ImportedRecipe> {
    const recipe = scrape.recipe
    if (!recipe) throw noRecipeFound()
    const warnings = [...scrape.warnings]
    progress('Saving the recipe')
    const ingredients = await ingredientsFromLines(db, caller, recipe.ingredients)
    const created = await recipes.service.createWithContent(caller, recipeContentOf(recipe, ingredients, organizers))
    if (recipe.imageUrl) {
      progress('Fetching the picture')
      try {
        await recipes.images.fromUrl(caller, created.id, recipe.imageUrl)
      } catch (error) {
        warnings.push(`The picture could not be saved: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    return { slug: created.slug, name: created.name, warnings }
  }

  const quiet: ProgressReport = () => undefined

  return {
    scrapeUrl,

    /** POST /api/recipes/create/url: the URL may sit inside shared text. */
    async fromUrl(
      caller: Caller,
      input: { url: string } & OrganizerChoice,
      progress: ProgressReport = quiet,
    ): Promise<ImportedRecipe> {
      const scrape = await scrapeUrl(input.url, progress)
      return save(caller, scrape, input, progress)
    },

    /** POST /api/recipes/create/html-or-json: nothing is fetched but the picture. */
    async fromHtmlOrJson(
      caller: Caller,
      input: { data: string; url?: string | null | undefined } & OrganizerChoice,
      progress: ProgressReport = quiet,
    ): Promise<ImportedRecipe> {
      progress('Reading the recipe')
      const pageUrl = input.url ? (urlInText(input.url) ?? '') : ''
      return save(caller, await readPage(pageOfPastedData(input.data), pageUrl), input, progress)
    },

    /** POST /api/recipes/test-scrape-url: what the scraper sees, nothing saved. */
    async test(url: string): Promise<ScrapeDebugResult> {
      const scrape = await scrapeUrl(url, quiet)
      return {
        source: scrape.source,
        raw: scrape.raw,
        recipe: scrape.recipe ? { ...scrape.recipe } : null,
        warnings: scrape.recipe ? scrape.warnings : [...scrape.warnings, 'No recipe was found on this page'],
      }
    },
  }
}

export type ImportService = ReturnType<typeof createImportService>
