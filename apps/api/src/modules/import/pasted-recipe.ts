import { scrapePage, type PageScrape } from './page-recipe.js'

/** A schema.org Recipe pasted as JSON becomes the one ld+json block of a minimal page (docs/mealie-compatibility.md "Scraper endpoints"). */
export function pageOfPastedData(data: string): string {
  if (!data.trimStart().startsWith('{')) return data
  return `<!doctype html><html><head><script type="application/ld+json">${data.replace(/<\/script/gi, '<\\/script')}</script></head><body></body></html>`
}

/**
 * A schema.org Recipe handed over as an object (what an AI provider reads from photos) read as pasted JSON is, by
 * the scraper's one cleaner: the same names, times, yields, steps and ingredient lines as a page would give.
 */
export function scrapeSchemaOrgRecipe(node: Record<string, unknown>): PageScrape {
  return scrapePage(pageOfPastedData(JSON.stringify(node)), '')
}
