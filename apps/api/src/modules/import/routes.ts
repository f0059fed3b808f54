import {
  createRecipeFromHtmlOrJson,
  createRecipeFromHtmlOrJsonStream,
  createRecipeFromUrl,
  createRecipeFromUrlStream,
  createRecipesFromUrls,
  testScrapeUrl,
} from '@larder/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { sendImportStream } from './event-stream.js'
import type { BulkImport } from './bulk-import.js'
import type { ImportService } from './service.js'

/** A bare JSON string, as Mealie answers (Fastify would send a string as text). */
const sendSlug = (reply: FastifyReply, slug: string) =>
  reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(slug))

/** Creating recipes from web pages and pasted HTML/JSON (docs/mealie-compatibility.md "Scraper endpoints", docs/mealie-compatibility.md "Creating recipes", docs/mealie-compatibility.md "After Mealie 2.0"). */
export function registerImportRoutes(
  app: FastifyInstance,
  { imports, bulk }: { imports: ImportService; bulk: BulkImport },
  log: (message: string, error?: unknown) => void,
): void {
  registerEndpoint(app, createRecipeFromUrl, async ({ caller, body, reply }) =>
    sendSlug(reply, (await imports.fromUrl(caller, body)).slug),
  )
  registerEndpoint(app, createRecipeFromHtmlOrJson, async ({ caller, body, reply }) =>
    sendSlug(reply, (await imports.fromHtmlOrJson(caller, body)).slug),
  )
  registerEndpoint(app, createRecipeFromUrlStream, ({ caller, body, reply }) =>
    sendImportStream(reply, (progress) => imports.fromUrl(caller, body, progress), log),
  )
  registerEndpoint(app, createRecipeFromHtmlOrJsonStream, ({ caller, body, reply }) =>
    sendImportStream(reply, (progress) => imports.fromHtmlOrJson(caller, body, progress), log),
  )
  registerEndpoint(app, testScrapeUrl, ({ body }) => imports.test(body.url))
  registerEndpoint(app, createRecipesFromUrls, ({ caller, body }) => bulk.start(caller, body))
}
