import { z } from 'zod'

const organizerReference = z.object({
  id: z.uuid().nullish(),
  name: z.string().trim().min(1).max(100),
  slug: z.string().max(200).nullish(),
})

/** `POST /api/recipes/create/url` (and its stream): the URL may sit inside shared text ("Look: https://…"). */
export const ScrapeRecipe = z
  .object({
    url: z.string().trim().min(1, 'Enter a URL').max(4000),
    includeTags: z.boolean().default(false),
    includeCategories: z.boolean().default(false),
  })
  .meta({ id: 'ScrapeRecipe' })
export type ScrapeRecipe = z.input<typeof ScrapeRecipe>

/** `POST /api/recipes/create/html-or-json`: a page's HTML, or a schema.org Recipe as JSON text. */
export const ScrapeRecipeData = z
  .object({
    data: z.string().min(1, 'Paste HTML or JSON').max(5_000_000),
    /** Where the page came from, kept as the recipe's orgURL and used to resolve relative image links. */
    url: z.string().trim().max(4000).nullish(),
    includeTags: z.boolean().default(false),
    includeCategories: z.boolean().default(false),
  })
  .meta({ id: 'ScrapeRecipeData' })
export type ScrapeRecipeData = z.input<typeof ScrapeRecipeData>

export const ScrapeRecipeTest = z
  .object({ url: z.string().trim().min(1, 'Enter a URL').max(4000), useOpenAI: z.boolean().default(false) })
  .meta({ id: 'ScrapeRecipeTest' })
export type ScrapeRecipeTest = z.input<typeof ScrapeRecipeTest>

/** One line of a bulk import: the URL with the organizers its recipe gets. */
export const CreateRecipeBulk = z
  .object({
    url: z.string().trim().min(1, 'Enter a URL').max(4000),
    categories: z.array(organizerReference).max(100).nullish(),
    tags: z.array(organizerReference).max(100).nullish(),
  })
  .meta({ id: 'CreateRecipeBulk' })
export type CreateRecipeBulk = z.input<typeof CreateRecipeBulk>

export const CreateRecipeByUrlBulk = z
  .object({ imports: z.array(CreateRecipeBulk).min(1, 'Add at least one URL').max(500) })
  .meta({ id: 'CreateRecipeByUrlBulk' })
export type CreateRecipeByUrlBulk = z.input<typeof CreateRecipeByUrlBulk>

export const BulkImportStarted = z.object({ reportId: z.uuid() }).meta({ id: 'BulkImportStarted' })

/**
 * What the scraper found on a page, before anything is saved (`test-scrape-url`, the debug screen): the schema.org
 * Recipe node as it was on the page, where it was found, and the recipe Larder would make of it. Mealie answers only
 * the raw node; `recipe`, `source` and `warnings` are Larder's additions, which Mealie's clients ignore.
 */
export const ScrapeDebugResult = z
  .object({
    source: z.enum(['json-ld', 'microdata', 'opengraph', 'html', 'openai']).nullable(),
    raw: z.unknown(),
    recipe: z.record(z.string(), z.unknown()).nullable(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ScrapeDebugResult' })
export type ScrapeDebugResult = z.infer<typeof ScrapeDebugResult>

/**
 * The events of the streaming creates (`…/stream`, text/event-stream), Mealie 3's wire: `progress` {message},
 * then `done` {slug} or `error` {message}.
 */
export const ImportStreamEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('progress'), data: z.object({ message: z.string() }) }),
  z.object({ event: z.literal('done'), data: z.object({ slug: z.string() }) }),
  z.object({ event: z.literal('error'), data: z.object({ message: z.string() }) }),
])
export type ImportStreamEvent = z.infer<typeof ImportStreamEvent>
