import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import {
  BulkImportStarted,
  CreateRecipeByUrlBulk,
  ScrapeDebugResult,
  ScrapeRecipe,
  ScrapeRecipeData,
  ScrapeRecipeTest,
} from './models.js'

/**
 * Creating recipes from elsewhere (docs/mealie-compatibility.md "Creating recipes", docs/mealie-compatibility.md "Recipe scraper", docs/mealie-compatibility.md "After Mealie 2.0"). Every page fetch goes through the one
 * outbound guard. Failures answer 400 with a reason per cause (blocked address, not HTML, no recipe found…), 408 when
 * the page took too long, 502 when the site could not be reached.
 */
const recipeImport = endpointGroup({
  tags: ['Recipe: Create'],
  auth: 'user',
  errors: { 400: ErrorResponse, 408: ErrorResponse, 502: ErrorResponse },
})

const Slug = z.string().meta({ description: 'The slug of the new recipe' })

export const createRecipeFromUrl = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/url',
  summary: 'Import the recipe of a web page; answers its slug',
  body: ScrapeRecipe,
  responses: { 201: Slug },
})

export const createRecipeFromUrlStream = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/url/stream',
  summary: 'Import the recipe of a web page, streaming progress (text/event-stream: progress, done {slug}, error)',
  body: ScrapeRecipe,
  responses: { 200: null },
})

export const createRecipeFromHtmlOrJson = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/html-or-json',
  summary: "Import a recipe from a page's HTML or a schema.org Recipe in JSON; answers its slug",
  body: ScrapeRecipeData,
  responses: { 201: Slug },
})

export const createRecipeFromHtmlOrJsonStream = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/html-or-json/stream',
  summary: 'Import a recipe from HTML or JSON, streaming progress (text/event-stream)',
  body: ScrapeRecipeData,
  responses: { 200: null },
})

export const createRecipesFromUrls = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/url/bulk',
  summary: 'Import many pages in the background; progress and results are in the bulk_import report',
  body: CreateRecipeByUrlBulk,
  responses: { 202: BulkImportStarted },
})

export const testScrapeUrl = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/test-scrape-url',
  summary: 'Show what the scraper finds on a page, without saving anything',
  body: ScrapeRecipeTest,
  responses: { 200: ScrapeDebugResult },
})

// The two uploads declare their parts as `multipart`: their handlers read the stream through the upload reader.
export const createRecipeFromZip = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/zip',
  summary: "Import a recipe zip (Mealie's or Larder's export: the recipe's JSON and its image)",
  bodyEncoding: 'form',
  multipart: z.object({ archive: z.file() }),
  responses: { 201: Slug, 413: ErrorResponse, 415: ErrorResponse },
})

// `images` once per photo (at most 8, each at most 25 MB). 400 when OpenAI image services are off or the photos hold
// no recipe, 502 when the provider fails, 504 when it does not answer within OPENAI_REQUEST_TIMEOUT, 503 while the
// image queue is full.
export const createRecipeFromImage = recipeImport.endpoint({
  method: 'POST',
  path: '/api/recipes/create/image',
  summary: 'Read a recipe from photos of it through the configured OpenAI-compatible provider',
  bodyEncoding: 'form',
  multipart: z.object({ images: z.array(z.file()).min(1).max(8) }),
  query: z.object({ translateLanguage: z.string().max(20).optional() }),
  responses: { 201: Slug, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse },
})

export const recipeImportEndpoints = [
  createRecipeFromUrl,
  createRecipeFromUrlStream,
  createRecipeFromHtmlOrJson,
  createRecipeFromHtmlOrJsonStream,
  createRecipesFromUrls,
  testScrapeUrl,
  createRecipeFromZip,
  createRecipeFromImage,
] as const
