import { createRecipeZipToken, exportRecipe, exportRecipeZip, listRecipeExportFormats } from '@larder/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { attachment } from '../../lib/content-disposition.js'
import type { RecipeExportFile, RecipeExportService } from './exports.service.js'

function sendFile(reply: FastifyReply, file: RecipeExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body)
}

/** Recipe exports (docs/mealie-compatibility.md "Recipe exports", docs/mealie-compatibility.md "After Mealie 2.0"): the formats, the JSON file, a template's file, the zip and its token. */
export function registerRecipeExportRoutes(app: FastifyInstance, exports: RecipeExportService): void {
  registerEndpoint(app, listRecipeExportFormats, () => exports.formats())
  registerEndpoint(app, exportRecipe, async ({ caller, params, query, reply }) =>
    sendFile(reply, await exports.export(caller, params.slug, query.template_name)),
  )
  registerEndpoint(app, createRecipeZipToken, ({ caller, params }) => exports.zipToken(caller, params.slug))
  registerEndpoint(app, exportRecipeZip, async ({ params, query, request, reply }) => {
    const caller = query.token ? null : await request.optionalCaller()
    return sendFile(reply, await exports.zip(caller, params.slug, query.token))
  })
}
