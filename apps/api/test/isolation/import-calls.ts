import { randomBytes } from 'node:crypto'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'

/** A recipe under a new name each time: the matrix imports it once per caller. */
const pastedRecipe = () =>
  JSON.stringify({
    '@type': 'Recipe',
    name: `Matrix soup ${randomBytes(4).toString('hex')}`,
    recipeIngredient: ['1 leek'],
  })

/**
 * The matrix's cases for recipe imports (modules/import): any member may import. The matrix's app has no allow list,
 * so a fetch of a local page is refused by the outbound guard (400) after the rules; pasted JSON needs no fetch.
 */
export function recipeImportCases(_testApp: TestApp): Record<string, EndpointCase> {
  const localPage = { url: 'http://127.0.0.1:9/recipe', includeTags: true }
  return {
    'POST /api/recipes/create/url': {
      rule: 'member',
      allowedStatus: 400,
      request: () => ({ url: '/api/recipes/create/url', payload: localPage }),
    },
    'POST /api/recipes/create/url/stream': {
      rule: 'member',
      request: () => ({ url: '/api/recipes/create/url/stream', payload: localPage }),
    },
    'POST /api/recipes/create/html-or-json': {
      rule: 'member',
      request: () => ({
        url: '/api/recipes/create/html-or-json',
        payload: { data: pastedRecipe(), includeTags: true },
      }),
    },
    'POST /api/recipes/create/html-or-json/stream': {
      rule: 'member',
      request: () => ({
        url: '/api/recipes/create/html-or-json/stream',
        payload: { data: pastedRecipe(), includeTags: false },
      }),
    },
    'POST /api/recipes/create/url/bulk': {
      rule: 'member',
      request: () => ({
        url: '/api/recipes/create/url/bulk',
        payload: { imports: [{ url: 'http://127.0.0.1:9/recipe', tags: [{ name: 'Matrix' }] }] },
      }),
    },
    'POST /api/recipes/test-scrape-url': {
      rule: 'member',
      allowedStatus: 400,
      request: () => ({
        url: '/api/recipes/test-scrape-url',
        payload: { url: 'http://127.0.0.1:9/recipe', useOpenAI: false },
      }),
    },
  }
}
