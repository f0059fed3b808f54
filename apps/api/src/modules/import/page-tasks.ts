import { scrapePage } from './page-recipe.js'

/** What the page-reading thread (page-worker.ts) does for this area: a page's recipe, read within the page budget. */
export const importPageTasks = {
  recipe: ({ html, url }: { html: string; url: string }) => scrapePage(html, url),
}
